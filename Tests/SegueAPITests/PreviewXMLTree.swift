import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG document parsed with Foundation's XMLParser into a plain element tree, so the
/// preview tests can check its structure.
final class PreviewXMLNode {
    let name: String
    let attributes: [String: String]
    var children: [PreviewXMLNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every descendant (depth first, document order) passing `test`.
    func all(_ test: (PreviewXMLNode) -> Bool) -> [PreviewXMLNode] {
        children.flatMap { (test($0) ? [$0] : []) + $0.all(test) }
    }

    /// Descendants with this element name and `class` attribute.
    func all(_ name: String, class className: String) -> [PreviewXMLNode] {
        all { $0.name == name && $0.attributes["class"] == className }
    }

    /// Parses `bytes`; nil when they are not well-formed XML.
    static func parse(_ bytes: [UInt8]) -> PreviewXMLNode? {
        let builder = Builder()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.root.children.first
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let root = PreviewXMLNode(name: "#document", attributes: [:])
        lazy var stack = [root]

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let node = PreviewXMLNode(name: elementName, attributes: attributeDict)
            stack.last?.children.append(node)
            stack.append(node)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
