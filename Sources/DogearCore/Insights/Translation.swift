import Foundation

/// Whether a book is a translation: its work has a translator, or the work's original language
/// differs from the language of the edition the reader has. Languages come as BCP 47 tags from the
/// sources ("en", "fr-CA"), as ISO 639-2 codes ("fre", "ger") or as English names from LibraryThing
/// ("French"); they are compared by `LanguageName.code`. Without a translator and without both
/// languages the answer is unknown.
public enum Translation {
    public static func isTranslated(originalLanguage: String?, editionLanguage: String?, translator: String?) -> Answer {
        if let translator, !translator.trimmingCharacters(in: .whitespaces).isEmpty { return .yes }
        guard let original = originalLanguage.flatMap(LanguageName.code),
            let edition = editionLanguage.flatMap(LanguageName.code)
        else { return .unknown }
        return original == edition ? .no : .yes
    }
}

/// A language as one comparable code: the primary subtag of a BCP 47 tag, an ISO 639-2 code mapped to
/// its two-letter form, or an English language name mapped to its code. A name it does not know is
/// kept lowercased, so "Klingon" still equals "klingon". Blank is nil.
public enum LanguageName {
    public static func code(_ text: String) -> String? {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !lowered.isEmpty else { return nil }
        if let known = byName[lowered] { return known }
        let primary = lowered.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? lowered
        if primary.count == 2, primary.allSatisfy(\.isLetter) { return primary }
        if primary.count == 3, let two = byThreeLetters[primary] { return two }
        return lowered
    }

    /// ISO 639-2 (bibliographic and terminology forms) for the languages books are most often in.
    static let byThreeLetters: [String: String] = [
        "eng": "en", "fre": "fr", "fra": "fr", "ger": "de", "deu": "de", "spa": "es", "ita": "it",
        "por": "pt", "rus": "ru", "jpn": "ja", "chi": "zh", "zho": "zh", "kor": "ko", "ara": "ar",
        "heb": "he", "hin": "hi", "dut": "nl", "nld": "nl", "swe": "sv", "nor": "no", "nob": "nb",
        "dan": "da", "fin": "fi", "ice": "is", "isl": "is", "pol": "pl", "cze": "cs", "ces": "cs",
        "hun": "hu", "gre": "el", "ell": "el", "tur": "tr", "per": "fa", "fas": "fa", "lat": "la",
        "ukr": "uk", "rum": "ro", "ron": "ro", "bul": "bg", "srp": "sr", "hrv": "hr", "cat": "ca",
        "gle": "ga", "wel": "cy", "cym": "cy", "vie": "vi", "tha": "th", "ind": "id", "swa": "sw",
        "urd": "ur", "ben": "bn", "tam": "ta", "yid": "yi", "est": "et", "lav": "lv", "lit": "lt",
        "slo": "sk", "slk": "sk", "slv": "sl", "alb": "sq", "sqi": "sq", "arm": "hy", "hye": "hy",
        "geo": "ka", "kat": "ka", "afr": "af", "amh": "am", "yor": "yo", "zul": "zu", "tgl": "tl",
    ]

    /// English names, as LibraryThing and hand-typed values give them.
    static let byName: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it",
        "portuguese": "pt", "russian": "ru", "japanese": "ja", "chinese": "zh", "mandarin": "zh",
        "korean": "ko", "arabic": "ar", "hebrew": "he", "hindi": "hi", "dutch": "nl", "swedish": "sv",
        "norwegian": "no", "danish": "da", "finnish": "fi", "icelandic": "is", "polish": "pl",
        "czech": "cs", "hungarian": "hu", "greek": "el", "greek, modern": "el", "turkish": "tr",
        "persian": "fa", "farsi": "fa", "latin": "la", "ukrainian": "uk", "romanian": "ro",
        "bulgarian": "bg", "serbian": "sr", "croatian": "hr", "catalan": "ca", "irish": "ga",
        "welsh": "cy", "vietnamese": "vi", "thai": "th", "indonesian": "id", "swahili": "sw",
        "urdu": "ur", "bengali": "bn", "tamil": "ta", "yiddish": "yi", "estonian": "et",
        "latvian": "lv", "lithuanian": "lt", "slovak": "sk", "slovenian": "sl", "albanian": "sq",
        "armenian": "hy", "georgian": "ka", "afrikaans": "af", "amharic": "am", "yoruba": "yo",
        "zulu": "zu", "tagalog": "tl", "filipino": "tl",
    ]
}
