// Implementation-only: no module that imports XMLStream loads libxml2's
// headers, whose folder only this target is given (see Package.swift).
@_implementationOnly import CXML2
internal import CXML2Loader

/// A streaming XML reader over the system libxml2's SAX2 push parser: bytes
/// go in as they arrive (from a file or an archive), each start tag comes
/// out as an `XMLElement` whose name and attributes point into libxml2's
/// buffers, and nothing is kept: memory stays flat whatever the document's
/// size. No tree is built, no DTD or entity is ever fetched from the
/// network, and an internal DTD subset (Apple Health's exports carry one
/// full of `<!ATTLIST … #REQUIRED>`) is read and set aside.
public final class XMLStream {
    /// Called for every start tag with its depth (the root is 0). Throwing
    /// stops the parse; `feed` or `finish` then throws that error.
    public typealias Handler = (XMLElement, _ depth: Int) throws(XMLStreamError) -> Void

    /// libxml2's parser context (stored untyped, so that no libxml2 type is
    /// part of this class's layout).
    private var parser: UnsafeMutableRawPointer?
    private var context: xmlParserCtxtPtr? { parser?.assumingMemoryBound(to: xmlParserCtxt.self) }
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
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { user, name, _, _, _, _, count, _, attributes in
            guard let user, let name else { return }
            let stream = Unmanaged<XMLStream>.fromOpaque(user).takeUnretainedValue()
            stream.start(XMLElement(name: name, attributes: attributes, count: Int(count), line: stream.line))
        }
        sax.endElementNs = { user, _, _, _ in
            guard let user else { return }
            Unmanaged<XMLStream>.fromOpaque(user).takeUnretainedValue().depth -= 1
        }
        // Errors are read from the context when a chunk fails; nothing is printed.
        sax.serror = { _, _ in }
        haven_xmlInitParser()
        parser = haven_xmlCreatePushParserCtxt(&sax, nil, nil, 0, name)
        guard let context else { throw XMLStreamError(line: 0, message: "libxml2 could not start a parser", kind: .other) }
        context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        // Never the network, never an external DTD, no entity substitution.
        // NOENT makes `&#38;` an `&` in attribute values: no entity is ever
        // declared (the handler takes no declarations), so none can expand.
        _ = haven_xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue
                                         | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
    }

    deinit {
        if let context { haven_xmlFreeParserCtxt(context) }
    }

    /// The line the parser has reached (1-based).
    public var line: Int {
        guard let context else { return 0 }
        return Int(haven_xmlSAX2GetLineNumber(context))
    }

    /// Parses the next bytes of the document.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws(XMLStreamError) {
        guard let context else { return }
        fed += bytes.count
        var rest = bytes
        // xmlParseChunk takes an Int32 size: large buffers go in slices.
        while !rest.isEmpty {
            let slice = UnsafeRawBufferPointer(rebasing: rest.prefix(1 << 24))
            let code = haven_xmlParseChunk(context, slice.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(slice.count), 0)
            try check(code)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(slice.count))
        }
    }

    /// Ends the document: an unclosed element or an empty input is an error here.
    public func finish() throws(XMLStreamError) {
        guard let context else { return }
        guard fed > 0 else { throw XMLStreamError(line: 0, message: "the file is empty", kind: .empty) }
        try check(haven_xmlParseChunk(context, nil, 0, 1), finishing: true)
    }

    private func start(_ element: XMLElement) {
        defer { depth += 1 }
        guard stopped == nil else { return }
        do {
            try handler(element, depth)
        } catch {
            stopped = error
            haven_xmlStopParser(context)
        }
    }

    private func check(_ code: Int32, finishing: Bool = false) throws(XMLStreamError) {
        if let stopped { throw stopped }
        guard let context else { return }
        // Only a fatal error (the document is not well-formed) stops the read;
        // libxml2 also returns codes for what it recovers from.
        guard code != 0, context.pointee.wellFormed == 0 || context.pointee.disableSAX != 0 else { return }
        let error = haven_xmlCtxtGetLastError(context)?.assumingMemoryBound(to: xmlError.self)
        var message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "not well-formed XML"
        while message.last?.isWhitespace == true { message.removeLast() }
        let line = error.map { Int($0.pointee.line) }.flatMap { $0 > 0 ? $0 : nil } ?? self.line
        switch code {
        case Int32(XML_ERR_DOCUMENT_EMPTY.rawValue):
            throw XMLStreamError(line: line, message: "it holds no XML element", kind: .notXML)
        case Int32(XML_ERR_DOCUMENT_END.rawValue) where finishing:
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
