internal import CXML2Loader

/// A streaming XML reader over the system libxml2's SAX2 push parser: bytes
/// go in as they arrive (from a file or an archive), each start tag comes
/// out as an `XMLElement` whose name and attributes point into libxml2's
/// buffers, and nothing is kept: memory stays flat whatever the document's
/// size. No tree is built, no DTD or entity is ever fetched from the
/// network, and an internal DTD subset (Apple Health's exports carry one
/// full of `<!ATTLIST … #REQUIRED>`) is read and set aside. libxml2 itself
/// is behind CXML2Loader's small C face: no libxml2 type reaches Swift.

public final class XMLStream {
    /// Called for every start tag with its depth (the root is 0). Throwing
    /// stops the parse; `feed` or `finish` then throws that error.
    public typealias Handler = (XMLElement, _ depth: Int) throws(XMLStreamError) -> Void

    private var parser: UnsafeMutableRawPointer?
    private let handler: Handler
    private var depth = 0
    private var stopped: XMLStreamError?
    private var fed = 0

    /// `name` is used in messages only (the file as the person named it).
    public init(name: String, handler: @escaping Handler) throws(XMLStreamError) {
        self.handler = handler
        guard haven_xml_load() == 0 else {
            throw XMLStreamError(line: 0, message: "cannot load libxml2 (\(String(cString: haven_xml_error()))); install "
                                 + "it with: apt-get install libxml2", kind: .other)
        }
        parser = haven_xml_parser(Unmanaged.passUnretained(self).toOpaque(), { user, name, count, attributes in
            guard let user, let name else { return }
            let stream = Unmanaged<XMLStream>.fromOpaque(user).takeUnretainedValue()
            stream.start(XMLElement(name: name, attributes: attributes, count: Int(count), line: stream.line))
        }, { user in
            guard let user else { return }
            Unmanaged<XMLStream>.fromOpaque(user).takeUnretainedValue().depth -= 1
        }, name)
        guard parser != nil else { throw XMLStreamError(line: 0, message: "libxml2 could not start a parser", kind: .other) }
    }

    deinit {
        if let parser { haven_xml_free(parser) }
    }

    /// The line the parser has reached (1-based).
    public var line: Int {
        guard let parser else { return 0 }
        return Int(haven_xml_line(parser))
    }

    /// Parses the next bytes of the document.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws(XMLStreamError) {
        guard let parser else { return }
        fed += bytes.count
        var rest = bytes
        // libxml2 takes an Int32 size: large buffers go in slices.
        while !rest.isEmpty {
            let slice = UnsafeRawBufferPointer(rebasing: rest.prefix(1 << 24))
            let code = haven_xml_feed(parser, slice.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(slice.count), 0)
            try check(code)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(slice.count))
        }
    }

    /// Ends the document: an unclosed element or an empty input is an error here.
    public func finish() throws(XMLStreamError) {
        guard let parser else { return }
        guard fed > 0 else { throw XMLStreamError(line: 0, message: "the file is empty", kind: .empty) }
        try check(haven_xml_feed(parser, nil, 0, 1), finishing: true)
    }

    private func start(_ element: XMLElement) {
        defer { depth += 1 }
        guard stopped == nil else { return }
        do {
            try handler(element, depth)
        } catch {
            stopped = error
            haven_xml_stop(parser)
        }
    }

    private func check(_ code: Int32, finishing: Bool = false) throws(XMLStreamError) {
        if let stopped { throw stopped }
        guard let parser else { return }
        // Only a fatal error (the document is not well-formed) stops the read;
        // libxml2 also returns codes for what it recovers from.
        guard code != 0, haven_xml_failed(parser) != 0 else { return }
        var message = haven_xml_last_message(parser).map { String(cString: $0) } ?? "not well-formed XML"
        while message.last?.isWhitespace == true { message.removeLast() }
        let reported = Int(haven_xml_last_line(parser))
        let line = reported > 0 ? reported : self.line
        switch code {
        case Int32(HAVEN_XML_ERR_DOCUMENT_EMPTY):
            throw XMLStreamError(line: line, message: "it holds no XML element", kind: .notXML)
        case Int32(HAVEN_XML_ERR_DOCUMENT_END) where finishing:
            // What libxml2's push parser reports for a document cut short.
            throw XMLStreamError(line: line, message: "the file ends inside an element: it was cut short", kind: .truncated)
        default:
            throw XMLStreamError(line: line, message: message, kind: .malformed)
        }
    }
}

/// A start tag, valid only while the handler runs: its name and attributes
/// are libxml2's bytes, read without copying.
public struct XMLElement {
    let name: UnsafePointer<UInt8>
    /// libxml2's five pointers per attribute: local name, prefix, URI, value start, value end.
    let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    public let count: Int
    /// The line the tag ends on.
    public let line: Int

    /// True when the element's local name is `expected`.
    public func named(_ expected: StaticString) -> Bool {
        XMLElement.equal(name, expected)
    }

    /// The value of the attribute with this local name (entities already
    /// replaced), or nil when the element has none.
    public func attribute(_ wanted: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let attributes else { return nil }
        for index in 0..<count {
            let base = index * 5
            guard let local = attributes[base], XMLElement.equal(local, wanted),
                  let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    /// The attribute's value as a string, or nil.
    public func string(_ wanted: StaticString) -> String? {
        attribute(wanted).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func equal(_ text: UnsafePointer<UInt8>, _ expected: StaticString) -> Bool {
        let bytes = expected.utf8Start
        for index in 0..<expected.utf8CodeUnitCount where text[index] != bytes[index] { return false }
        return text[expected.utf8CodeUnitCount] == 0
    }
}

/// Why a document could not be read: libxml2's message and the line it
/// stopped at, or the error a handler threw.
public struct XMLStreamError: Error, Sendable, Equatable {
    public enum Kind: Sendable {
        /// No bytes at all.
        case empty
        /// Bytes, but no element: not XML.
        case notXML
        /// Well-formed so far, but it stops before its elements close.
        case truncated
        /// Not well-formed: libxml2's message says how.
        case malformed
        /// A handler's error, or reading the bytes failed.
        case other
    }

    public let line: Int
    public let message: String
    public let kind: Kind

    public init(line: Int, message: String, kind: Kind = .other) {
        self.line = line
        self.message = message
        self.kind = kind
    }
}
