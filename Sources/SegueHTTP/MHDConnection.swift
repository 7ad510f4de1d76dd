import CMicroHTTPD
import Glibc
import SegueAPI

/// The calls on a libmicrohttpd connection that Segue makes, in Swift terms.
enum MHDConnection {
    /// Copies the request's header fields into `state`.
    static func collectHeaders(of connection: OpaquePointer, into state: RequestState) {
        let context = Unmanaged.passUnretained(state).toOpaque()
        _ = MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, context)
    }

    private static let collectHeader: MHD_KeyValueIterator = { context, _, key, value in
        guard let context, let key else { return .YES }
        let state = Unmanaged<RequestState>.fromOpaque(context).takeUnretainedValue()
        state.headers.add(name: String(cString: key), value: value.map { String(cString: $0) } ?? "")
        return .YES
    }

    /// The length of the query string as sent (`?` and the arguments joined by `&`), or
    /// 0 when there is none: libmicrohttpd hands the path and the arguments apart.
    static func queryBytes(of connection: OpaquePointer) -> Int {
        var total = 0
        var count = 0
        withUnsafeMutablePointer(to: &total) { pointer in
            count = Int(MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, addArgumentBytes, pointer))
        }
        return count == 0 ? 0 : total + count  // the '?' and the count - 1 '&'
    }

    private static let addArgumentBytes: MHD_KeyValueIterator = { context, _, key, value in
        guard let total = context?.assumingMemoryBound(to: Int.self) else { return .YES }
        total.pointee += (key.map { strlen($0) } ?? 0) + (value.map { 1 + strlen($0) } ?? 0)
        return .YES
    }

    /// Queues `response` on `connection` without copying its body: libmicrohttpd sends from
    /// the response's own bytes, which a retained `HeldResponse` keeps alive until libmicrohttpd
    /// lets go of them (sent, failed or dropped). Only then is the response released, and with
    /// it its work-gate reservation, so the gate's memory budget counts every answer still
    /// being written; an answer that reaches its client too slowly while work waits for that
    /// memory is cut short (`RequestDeadlines.reclaim`). libmicrohttpd adds Content-Length and Date itself, and sends no body for HEAD.
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let held = HeldResponse(response)
        let context = Unmanaged.passRetained(held).toOpaque()
        // A native array's storage stays where it is while nothing mutates it, and `held` is immutable.
        let created = held.response.body.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer_with_free_callback_cls(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), releaseHeld, context)
        }
        guard let created else {
            Unmanaged<HeldResponse>.fromOpaque(context).release()
            return .NO
        }
        defer { MHD_destroy_response(created) }
        for field in response.headers {
            _ = MHD_add_response_header(created, field.name, field.value)
        }
        let queued = MHD_queue_response(connection, UInt32(response.status.code), created)
        if queued == .YES, let held = response.reservation?.bytes, held > 0 {
            MHDConnectionEvents.answerQueued(heldBytes: held, on: connection)
        }
        return queued
    }

    /// A response whose body libmicrohttpd is sending.
    private final class HeldResponse {
        let response: HTTPResponse

        init(_ response: HTTPResponse) {
            self.response = response
        }
    }

    /// libmicrohttpd is done with a body: release its response, and hand large freed bodies'
    /// memory back to the system (see `ReturnedMemory`).
    private static let releaseHeld: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let held = Unmanaged<HeldResponse>.fromOpaque(context)
        let bytes = held.takeUnretainedValue().response.body.count
        held.release()
        ReturnedMemory.bodyFreed(bytes: bytes)
    }

    /// A word for how a request ended, for the log line.
    static func describe(_ termination: MHD_RequestTerminationCode) -> String {
        switch termination {
        case .REQUEST_TERMINATED_COMPLETED_OK: return "completed"
        case .REQUEST_TERMINATED_WITH_ERROR: return "error"
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: return "timeout"
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: return "shutdown"
        case .REQUEST_TERMINATED_READ_ERROR: return "client-disconnected"
        case .REQUEST_TERMINATED_CLIENT_ABORT: return "client-aborted"
        @unknown default: return "terminated"
        }
    }
}
