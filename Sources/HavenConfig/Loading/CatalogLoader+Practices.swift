import HavenCore

extension CatalogLoader {
    /// `indices` with the home's files first, each group in its own order:
    /// the home's tracker or practice wins a name it shares with a pack's.
    static func homeFirst(_ indices: [Int], files: LoadedFiles, locations: [PackLocation]) -> [Int] {
        indices.enumerated().sorted { a, b in
            let pa = locations[files.items[a.element].pack].kind == .local ? 0 : 1
            let pb = locations[files.items[b.element].pack].kind == .local ? 0 : 1
            return (pa, a.offset) < (pb, b.offset)
        }.map(\.element)
    }

    /// The practices of `indices`, each as `pack/name` (SPEC §14): the home's
    /// first, then each pack's in load order. A home's practice may only log
    /// on a tracker the home has; a pack's names one of whichever home
    /// installs it, checked when it runs.
    static func practices(_ indices: [Int], files: LoadedFiles, locations: [PackLocation], trackers: Set<String>,
                          context: DecodeContext) -> [PracticeDefinition] {
        return homeFirst(indices, files: files, locations: locations).compactMap { index in
            let item = files.items[index]
            guard let root = files.root(index) else { return nil }
            // A practice's name may start with a digit: 4-7-8.
            guard let first = item.id.first, first.isASCII && (first.isLowercase || first.isNumber),
                  Identifier.isValid("p" + item.id) else {
                context.fileError("file name '{}.yaml' is not a valid practice name; rename the file "
                                  + "(lower-case letters, digits and '-')", item.id, file: item.file)
                return nil
            }
            let location = locations[item.pack]
            return context.practice(root, reference: "\(location.id)/\(item.id)",
                                    trackers: location.kind == .local ? trackers : nil)
        }
    }
}
