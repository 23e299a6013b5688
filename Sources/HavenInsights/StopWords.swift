extension NoteWords {
    /// The words too common to say anything about a moment, in the
    /// languages Haven speaks; another language keeps every word.
    public static func stopWords(language: String) -> Set<String> {
        switch language {
        case "en": return english
        case "de": return german
        default: return []
        }
    }

    static let english: Set<String> = Set("""
        a about after again all also am an and any are as at be because been before being but by can could did do \
        does doing don't down during each few for from further had has have having he her here hers him his how i \
        i'm if in into is it it's its just me more most my no nor not now of off on once only or other our out over \
        own same she should so some such than that the their them then there these they this those through to too \
        under until up very was we were what when where which while who why will with would you your yours \
        i've i'd i'll we're they're that's there's didn't doesn't isn't wasn't can't won't got get
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    static let german: Set<String> = Set("""
        aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus \
        bei bin bis bist da damit dann das dass dein deine dem den denn der des dich die dies diese diesem diesen \
        dieser dieses dir doch dort du durch ein eine einem einen einer eines er es etwas euch euer für gegen \
        gewesen hab habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre im in indem ins ist jede \
        jedem jeden jeder jedes jetzt kann kein keine können man manche mein meine mich mir mit muss nach nicht \
        nichts noch nun nur ob oder ohne schon sehr sein seine sich sie sind so solche soll sollte sondern sonst \
        über um und uns unser unter viel vom von vor war waren warst was weil welche wenn wer werde werden wie \
        wieder will wir wird wo wollen würde zu zum zur zwar zwischen
        """.split(whereSeparator: \.isWhitespace).map(String.init))
}
