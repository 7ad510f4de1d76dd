import SegueEngine

extension TransitionReader {
    static let layerFields = ["id", "kind", "fill", "image", "role"]

    /// `layers`: 1…`maxTransitionLayers`, bottom to top.
    func readLayers(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> [DocumentLayer]? {
        guard
            let items = array(
                value, at: base, minimum: 1, limit: limits.maxTransitionLayers, noun: "layers",
                flag: "--max-transition-layers", &validator)
        else { return nil }
        var layers: [DocumentLayer] = []
        for (index, item) in items.enumerated() {
            if let layer = readLayer(item, at: base + "/\(index)", validator: &validator) {
                layers.append(layer)
            }
        }
        // A layer that did not read is left out; its problem is recorded and the document is not run.
        return layers
    }

    /// `{id, kind, fill, image, role}`.
    func readLayer(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> DocumentLayer? {
        guard let members = validator.object(value, at: base, allowed: Self.layerFields) else { return nil }
        let id = name(
            members, "id", at: base, what: "the layer's id, letters, digits, '.', '_' or '-'", required: true,
            &validator)
        let kind: LayerKind = validator.choice(members, "kind", at: base) ?? .content
        let fill = members["fill"] != nil ? color(members, "fill", at: base, &validator) : nil
        var image: String?
        if let text = validator.string(members, "image", at: base) {
            image = checkImage(text, at: base + "/image", &validator) ? text : nil
        }
        let role = validator.string(members, "role", at: base)
        if let role, role.utf8.count > TransitionRanges.maxRoleLength {
            validator.fail(
                base + "/role",
                "A role is a few words, at most \(TransitionRanges.maxRoleLength) bytes; this one has \(role.utf8.count)."
            )
        }
        guard let id else { return nil }
        return DocumentLayer(id: id, kind: kind, fill: fill, image: image, role: role)
    }

    /// A `#RRGGBB` colour (either case).
    func color(_ members: [String: JSONValue], _ field: String, at base: String, _ validator: inout FieldValidator)
        -> Color?
    {
        guard let text = validator.string(members, field, at: base) else { return nil }
        let utf8 = Array(text.utf8)
        guard utf8.count == 7, utf8[0] == UInt8(ascii: "#"), let hex = UInt32(String(text.dropFirst()), radix: 16),
            utf8.dropFirst().allSatisfy({ Self.isHexDigit($0) })
        else {
            validator.fail(
                base + "/" + field, "Expected a colour as '#RRGGBB' (six hex digits), got '\(text.prefix(80))'.")
            return nil
        }
        return Color(hex: hex)
    }

    /// Whether `text` is a PNG or JPEG `data:` URI within `maxImageBytes`; records why not.
    func checkImage(_ text: String, at pointer: String, _ validator: inout FieldValidator) -> Bool {
        switch ImageDataURI.read(text) {
        case .failure(.notDataURI):
            validator.fail(
                pointer,
                "Expected a data: URI of a PNG or a JPEG, starting 'data:image/png;base64,' or "
                    + "'data:image/jpeg;base64,'.")
        case .failure(.notBase64):
            validator.fail(
                pointer,
                "The picture after 'base64,' is not base64 (RFC 4648: A-Z, a-z, 0-9, '+', '/', a multiple of four "
                    + "characters, '=' padding only at the end, no spaces).")
        case .failure(.wrongSignature(let format)):
            validator.fail(
                pointer,
                "The decoded bytes do not start with the \(format == .png ? "PNG" : "JPEG") signature; "
                    + "send the file's bytes as they are, in base64.")
        case .success(let image) where image.decodedBytes > limits.maxImageBytes:
            validator.fail(
                pointer,
                "The picture is \(image.decodedBytes) bytes, more than the \(limits.maxImageBytes) this server "
                    + "accepts (its --max-image-bytes).")
        case .success:
            return true
        }
        return false
    }

    /// Whether `byte` is an ASCII hex digit.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
