import CMicroHTTPD
import Glibc

/// The C callbacks handed to libmicrohttpd. They run on its threads, capture
/// nothing, and reach Swift objects only through the context pointers:
/// the daemon's `RequestDispatcher` (unretained; the server keeps it alive) and
/// each request's `RequestState` (retained in `*con_cls` from the first call until
/// the completion callback releases it).
enum MHDCallbacks {
    /// Called several times per request: headers only, then once per body chunk,
    /// then once with no data when the body is complete.
    static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, version, uploadData, uploadDataSize, requestContext in
        guard let context, let connection, let requestContext, let uploadDataSize else { return .NO }
        let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()

        guard let existing = requestContext.pointee else {
            let state = dispatcher.begin(
                connection: connection,
                method: method.map { String(cString: $0) } ?? "GET",
                path: url.map { String(cString: $0) } ?? "/",
                version: version.map { String(cString: $0) } ?? "HTTP/1.1"
            )
            MHDConnectionEvents.headArrived(on: connection, answered: state.answered != nil)
            requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
            return .YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        if uploadDataSize.pointee > 0 {
            MHDConnectionEvents.bodyReceived(uploadDataSize.pointee, on: connection)
            if let uploadData, state.answered == nil {
                state.appendBody(
                    UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee),
                    limit: dispatcher.maxBodyBytes)
            }
            uploadDataSize.pointee = 0  // all of it consumed, stored or dropped
            return .YES
        }
        MHDConnectionEvents.bodyComplete(on: connection)
        return dispatcher.finish(state, on: connection, version: version.map { String(cString: $0) } ?? "HTTP/1.1")
    }

    /// Called once for every request that reached the access handler, however it ended.
    static let requestCompleted: MHD_RequestCompletedCallback = { context, connection, requestContext, termination in
        if let connection {
            MHDConnectionEvents.requestCompleted(on: connection)
        }
        guard let context, let requestContext, let existing = requestContext.pointee else { return }
        let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()
        let state = Unmanaged<RequestState>.fromOpaque(existing).takeRetainedValue()
        requestContext.pointee = nil
        dispatcher.complete(state, termination: termination)
    }

    /// Registered with `MHD_OPTION_UNESCAPE_CALLBACK`: leaves the URL as sent. By default
    /// libmicrohttpd percent-decodes the whole path before the access handler, so `%00`
    /// ends the C string (`/healthz%00x` answered as `/healthz`) and `%2F` becomes a
    /// separator; Segue decodes it itself, segment by segment (`RequestPath`). Query
    /// arguments, which Segue does not read, stay encoded too.
    static let keepEscapes: UnescapeCallback = { _, _, text in
        text.map { strlen($0) } ?? 0
    }

    /// `size_t (*)(void *cls, struct MHD_Connection *c, char *s)`, which the header names no type for.
    typealias UnescapeCallback =
        @convention(c) (
            UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?
        ) -> Int
}
