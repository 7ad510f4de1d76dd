import FoundationEssentials
import SegueAPI

/// The request body checked against a second JSON parser: Segue's own `JSONParser`
/// must agree with FoundationEssentials' `JSONDecoder`, an independent implementation.
///
/// - The parser never traps and always ends, whatever the bytes (it documents that;
///   libFuzzer's timeout and crash detection hold it to it).
/// - Text the parser accepts, the decoder accepts too, and both build the same tree.
///   Where Segue is deliberately the more lenient (unpaired surrogate escapes, numbers
///   too small for a double), the decoder is given the text as Segue reads it
///   (`DecoderSpelling`). The parser is the stricter of the two otherwise (the decoder
///   takes some non-JSON, such as trailing commas), so text only the decoder accepts is
///   not a disagreement.
struct JSONAgreementCase {
    let body: [UInt8]

    init(_ input: [UInt8]) {
        body = Array(input.dropFirst())
    }

    func check() {
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(body)
        } catch {
            return
        }
        let decoded: JSONValue
        do {
            decoded = try JSONDecoder().decode(JSONValue.self, from: Data(DecoderSpelling.rewritten(body)))
        } catch {
            FuzzFailure.report("JSONParser accepts a body JSONDecoder refuses (\(error)): \(quoted)")
        }
        guard decoded == tree else {
            FuzzFailure.report("JSONParser built \(tree), JSONDecoder \(decoded), from \(quoted)")
        }
    }

    private var quoted: String { String(reflecting: String(decoding: body.prefix(2000), as: UTF8.self)) }
}
