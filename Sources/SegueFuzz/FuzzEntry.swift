import SegueAPI

/// What every fuzz input is put through: the JSON parser's agreement with JSONDecoder, then the
/// service itself. Each check traps on a broken property; returns the response's
/// status, for the replayer to print.
@discardableResult
func fuzzOne(_ input: [UInt8]) -> HTTPStatus {
    JSONAgreementCase(input).check()
    return RequestFuzzCase(input).check()
}

/// libFuzzer's callback, under its conventional name so that other libFuzzer-style
/// drivers find it too. Returns 0 always, as libFuzzer asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// What a structured input (`--structured`) is put through: the request the bytes choose
/// from the catalogue, answered by the service.
@discardableResult
func fuzzOneStructured(_ input: [UInt8]) -> HTTPStatus {
    StructuredFuzzCase(input).check()
}

/// libFuzzer's callback in the structured mode.
func fuzzStructured(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOneStructured(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// libFuzzer's callback in the WebSocket mode.
func fuzzWebSocket(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    WebSocketFuzzCase(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []).check()
    return 0
}

/// libFuzzer's callback in the framing mode.
func fuzzFraming(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FramingFuzzCase(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []).check()
    return 0
}
