"""A test of the words that keeps fixed mistakes from coming back.

Per language, the forms that the glossaries or a native review ruled out: the shared glossary
(GLOSSARY.md), the family glossary (docs/glossary-family.md), the first review of the catalogues
(reviews/translations.md), the review of the messages added since
(reviews/translations-new-messages.md) and the native reading of the club night's and ratings'
messages (reviews/translations-turn5.md). Each rule names the entry it enforces and the form to
write instead, so a failure says what to change and why. A rule may look only at the messages
whose English speaks of a thing (about) or leave some out (unless): "Ajustes" is right for
Settings and wrong for Adjustments.
"""

# The Greek words are what this file is about: their letters are not Latin look-alikes by mistake.
# ruff: noqa: RUF001, RUF003

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import permutations

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from scorekeeper.paths import TRANSLATIONS
from scorekeeper.render.evening_pages import TIE_BREAK_WORDS

GLOSSARY = "GLOSSARY.md"
FAMILY = "docs/glossary-family.md"
FIRST = "reviews/translations.md"
NEW = "reviews/translations-new-messages.md"
TURN5 = "reviews/translations-turn5.md"


@dataclass(frozen=True)
class Rule:
    code: str
    label: str
    wrong: re.Pattern[str]
    why: str
    about: re.Pattern[str] | None = None
    unless: re.Pattern[str] | None = None

    @property
    def name(self) -> str:
        return f"{self.code}-{self.label}"


def rule(
    code: str,
    label: str,
    wrong: str,
    why: str,
    about: str | None = None,
    *,
    unless: str | None = None,
    case: bool = False,
) -> Rule:
    """A form ruled out in one language: in every message, or only in those whose English
    matches about and does not match unless."""
    return Rule(
        code,
        label,
        re.compile(wrong, 0 if case else re.IGNORECASE),
        why,
        re.compile(about, re.IGNORECASE) if about is not None else None,
        re.compile(unless, re.IGNORECASE) if unless is not None else None,
    )


# A Greek article, alone or with its preposition: "του/της", "ο/η", "στον/στην" mark both
# genders with a slash.
ARTICLE = r"(?:σ?τ(?:ο|ου|ον|ην|η|ης)|ο|η)"

RULES = [
    # Spanish (es): apuesta is the bid (GLOSSARY.md 'bid (noun)'); see also the count test below.
    rule(
        "es",
        "stake-is-not-apuesta",
        r"apuest\w* de \d+ (?:puntos )?por carta",
        f"{NEW} §es, error 'apuesta used for the wager or stake': a stake of points per card "
        "dealt is not a bid (write 'se juegan 10 por carta repartida')",
        about=r"\bstake",
    ),
    rule(
        "es",
        "ajustes-is-settings",
        r"\bAjustes\b(?! de puntos)",
        f"'Ajustes' is Settings (both are printed on the blank pad): {NEW} §es, error 'Ajustes for "
        "Adjustments' (write 'Ajustes de puntos')",
        about=r"\badjustment",
        case=True,
    ),
    rule(
        "es",
        "bonus-not-bonificacion",
        r"bonificaci",
        f"{FAMILY}, 'bonus': es 'bonus', the word of the table, the column and the sheet; {NEW} "
        "§es, style 'bonificación(es) beside bonus' (write 'bonus')",
    ),
    rule(
        "es",
        "puntua-contra",
        r"puntúa contra",
        f"{NEW} §es, style 'puntúa contra una apuesta de', a calque (write 'se puntúa con')",
    ),
    # Portuguese (pt)
    rule(
        "pt",
        "aposta-is-the-wager",
        r"\baposta",
        f"{GLOSSARY}, 'bid (noun)': pt previsão; aposta is Rascal's wager only: {NEW} §pt, error "
        "'aposta for the bid' (write 'previsão')",
        unless=r"\bwager|\bstake",
    ),
    rule(
        "pt",
        "pad-is-folha",
        r"\bbloco\b",
        f"{GLOSSARY}, 'score sheet / pad': pt folha de pontuação; {NEW} §pt, style 'bloco for "
        "the pad' (write 'a folha')",
    ),
    rule(
        "pt",
        "settings-is-opcoes",
        r"Configuraç",
        f"{NEW} §pt, style 'Opções beside Configurações: for Settings' (write 'Opções')",
        about=r"\bsettings?\b",
    ),
    # Italian (it)
    rule(
        "it",
        "hook-old-wording",
        r"far (?:tornare|sommare)",
        f"{FIRST} (it, the Canadian rule) and {NEW} §it, style, 3 entries: the hook's old "
        "wording (write 'far sì che il totale delle dichiarazioni sia uguale al numero di …')",
    ),
    rule(
        "it",
        "prese-sommano",
        r"\bsommano\b",
        f"{NEW} §it, style 'le prese sommano' (write 'il totale delle prese è …')",
    ),
    rule(
        "it",
        "presa-centrata",
        r"\bpresa vale \d+, centrata",
        f"{NEW} §it, error: 'centrata' agrees with 'presa', so the trick is 'met' (write 'che la "
        "dichiarazione sia centrata o no')",
    ),
    # French (fr)
    rule(
        "fr",
        "hook-old-wording",
        r"faire égaler",
        f"{FIRST} (fr, the Canadian rule, #490) and {NEW} §fr, errors: the hook's old wording "
        "(write 'faire en sorte que le total des annonces égale le nombre de plis')",
    ),
    rule(
        "fr",
        "pad-is-bloc",
        r"\bla feuille\b",
        f"{GLOSSARY}, 'score sheet / pad': fr bloc de score [F1, F3, F4]; {NEW} §fr, style 'la "
        "feuille for the pad' (write 'le bloc')",
        about=r"\bpad\b",
        unless=r"\bsheet",
    ),
    rule(
        "fr",
        "bid-met-is-exacte",
        r"réussie exactement|soit réussie ou non",
        f"{FAMILY}, 'bid met': fr exacte; {NEW} §fr, style 'annonce réussie exactement' (write "
        "'une annonce exacte', 'que l'annonce soit exacte ou non')",
    ),
    rule(
        "fr",
        "puis-retour",
        r"\bpuis retour\b",
        f"{NEW} §fr, style 'puis retour' (write 'puis on remonte')",
    ),
    rule("fr", "de-soi-meme", r"de soi-même", f"{NEW} §fr, style 'Ce sera envoyé de soi-même'"),
    rule(
        "fr",
        "most-cards",
        r"Le plus de cartes qu",
        f"{NEW} §fr, error (write 'Nombre maximal de cartes par manche')",
    ),
    # German (de)
    rule(
        "de",
        "zero-bid-loses-once",
        r"mit jedem Stich",
        f"{NEW} §de, blocker: a zero bid loses 10 per card dealt once, as soon as any trick is "
        "taken, not with each trick (write 'sobald du auch nur einen Stich machst')",
        about=r"\bzero\b",
    ),
    rule(
        "de",
        "daneben-as-subject",
        r"(?:^|[;,]\s*)daneben (?:bringt|kostet)",
        f"{FAMILY}, 'bid met / missed': de getroffen/verfehlt; {NEW} §de, style 'daneben as a "
        "subject' (write 'eine verfehlte Ansage')",
    ),
    rule(
        "de",
        "deck-is-kartenspiel",
        r"Klassisches Spiel\b",
        f"{NEW} §de, error: Spiel is the game, the deck is Kartenspiel (write 'Klassisches "
        "Kartenspiel')",
        case=True,
    ),
    rule(
        "de",
        "blatt-in-hand-texts",
        r"\bBlatt\b",
        f"{GLOSSARY}, 'hand (cards held)': Handkarten, 'auf der Hand'; {NEW} §de, style 'Blatt "
        "used for the hand' and 'for the deck' (write 'Hand', 'Kartenspiel')",
        about=r"\bhand\b",
        case=True,
    ),
    # Greek (el)
    rule(
        "el",
        "tin-mpaza",
        r"(?<!\w)σ?τη μπ",
        f"{GLOSSARY}, 'trick': η μπάζα; before μπ the article keeps its ν ({FIRST} el #3-5, "
        f"{NEW} §el): 'τη μπάζα' is wrong, write 'την μπάζα', 'την Μπάλα', 'στην μπάζα'",
    ),
    rule(
        "el",
        "slash-article",
        rf"(?<!\w){ARTICLE}/{ARTICLE}(?!\w)",
        f"{FIRST} el, the slash articles (15 entries), and {NEW} §el: no article before a name "
        "(write 'Label: %(name)s')",
    ),
    rule(
        "el",
        "polite-imperative",
        r"(?<!\w)(?:πάτα|πάτησε|τράβα|γράψε|διάλεξε|επίλεξε|δώσε|βάλε|γράψεις|πατήσεις|στείλε|"
        r"δοκίμασε|φόρτωσ[εέ])(?!\w)",
        f"{GLOSSARY} §6, el: the polite εσείς ('Πατήστε'); {FIRST} el, register ('Τράβα ένα "
        f"φύλλο'), {NEW} §el, error 'πάτα … για να γράψεις' and {TURN5} §el ('στείλε', "
        "'Φόρτωσέ την και δοκίμασε') (write 'πατήστε … καταχωρίστε', 'στείλτε', 'δοκιμάστε')",
    ),
    rule(
        "el",
        "athroizoun-calque",
        r"αθροίζ",
        f"{FIRST} el #15 and {NEW} §el, style: the calque 'οι μπάζες αθροίζουν' (write 'Το "
        "άθροισμα των μπαζών είναι …')",
    ),
    rule("el", "tes-is-tis", r"(?<!\w)τες(?!\w)", f"{NEW} §el, error 'επιλέξτε τες' (write 'τις')"),
    rule(
        "el",
        "bid-is-provlepsi",
        r"(?<!\w)δήλωσ(?:η|ης)(?!\w)",
        f"{GLOSSARY}, 'bid (noun)': el πρόβλεψη; {NEW} §el, error 'ποτέ στη δήλωση'",
        about=r"\bbid",
    ),
    rule(
        "el",
        "adjust-is-not-correct",
        r"διορθ",
        f"the msgid's translator comment (another word than for correcting a round, 'Διόρθωση "
        f"του γύρου') and {NEW} §el, error 'adjusted → διορθωμένο' (write 'με προσαρμογή')",
        about=r"\badjust",
    ),
    rule(
        "el",
        "pad-is-not-block",
        r"μπλοκ",
        f"{GLOSSARY}, decisions ('sheet' is not 'φύλλο') and {NEW} §el, style 'το μπλοκ for the "
        "pad' (write 'η εφαρμογή' or 'το φύλλο βαθμολογίας')",
    ),
    rule(
        "el",
        "card-is-fyllo",
        r"κάρτ",
        f"{GLOSSARY}, decisions: φύλλο is the card; {NEW} §el, style 'κάρτα in the anniversary-"
        "deck strings' (write 'φύλλο')",
    ),
    rule(
        "el",
        "turned-up-is-gyrizei",
        r"ανοιγμέν",
        f"{NEW} §el, style 'Ανοιγμένη/ος ως ατού': ανοίγει is 'leads' on the same rules page "
        "(write 'Αν γυρίσει ως ατού')",
    ),
    rule(
        "el",
        "double-colon",
        r": %\(name\)s: ",
        f"{NEW} §el, style 'double colon' (write '%(name)s: πρόβλεψη %(bid)s')",
    ),
    # Croatian (hr)
    rule(
        "hr",
        "igra-od",
        r"\bigra(?:ju)? (?:od )?(?:%\(\w+\)s|\d+) do\b",
        f"{FIRST} hr #11 and {NEW} §hr, error 'igra od … igrača' reads 'the game plays' (write "
        "'se igra s 3 do 6 igrača', 'igraju se s 3 do 6 igrača')",
    ),
    rule(
        "hr",
        "wager-is-ulaze",
        r"kladi se na",
        f"{NEW} §hr, error: 'kladi se na 0, 10 ili 20' is betting on those numbers (write 'ulaže "
        "0, 10 ili 20')",
    ),
    rule(
        "hr",
        "adjust-is-not-correct",
        r"isprav",
        f"the msgid's translator comment (another word than for correcting a round, 'Ispravi "
        f"rundu') and {NEW} §hr, error (write 'prilagodi bodove', 'prilagodba bodova')",
        about=r"\badjust",
    ),
    rule(
        "hr",
        "zbrajaju",
        r"\bzbraja(?:ju)?\b",
        f"{NEW} §hr, error 'štihovi zbrajaju' (write 'zbroj štihova je …', 'Štihovi zajedno "
        "daju …')",
    ),
    rule(
        "hr",
        "obojica",
        r"\bobojic|\bdvojic",
        f"{FIRST} hr #8 and {NEW} §hr, error: 'obojica' is two men only (write 'oboje', "
        "'njih dvoje')",
    ),
    rule(
        "hr",
        "roatana",
        r"Roatán",
        f"{NEW} §hr, style: Croatian spelling has no á (write 'Roatana')",
        case=True,
    ),
    rule(
        "hr",
        "nista-nije-odabrano",
        r"ništa odabrano",
        f"{NEW} §hr, error (write 'ništa nije odabrano')",
    ),
    rule(
        "hr",
        "poslat-ce-se-samo",
        r"Poslat će se samo\b",
        f"{NEW} §hr, error: 'samo' reads as 'only' (write 'Poslat će se automatski')",
    ),
    rule(
        "hr",
        "tricks-are-not-dealt",
        r"raspodjel",
        f"{GLOSSARY}, decisions: tricks are handed out with upisati/dodijeliti, not the root of "
        f"dijeliti; {NEW} §hr, error 'štih za raspodjelu' (write 'za upis')",
    ),
    rule(
        "hr",
        "pad-is-lista",
        r"\bblok\b",
        f"{GLOSSARY} §7, 'Score pad': hr Bodovna lista; {NEW} §hr, style 'blok for the pad' "
        "(write 'lista')",
    ),
    rule("hr", "vlasnik", r"\bimatelj", f"{NEW} §hr, style 'imatelj' (write 'vlasnik')"),
    rule(
        "hr",
        "double-colon",
        r": %\(name\)s: ",
        f"{NEW} §hr, style 'double colon' (write '%(name)s: najava %(bid)s')",
    ),
]


# The native reading of the club night's and ratings' messages (reviews/translations-turn5.md).
RULES += [
    # The pad keeps its one word in the two club-night intros, and the ranking reads as one
    # ranking of everyone, not as the draw.
    rule("es", "pad-is-hoja", r"\bmarcador\b", f"{TURN5} §es and §2: the pad is 'la hoja'"),
    rule("pt", "pad-is-not-placar", r"\bplacar\b", f"{TURN5} §pt and §2: the pad is 'a folha'"),
    rule("fr", "pad-is-not-carnet", r"\bcarnet\b", f"{TURN5} §fr and §2: the pad is 'le bloc'"),
    rule(
        "el",
        "pad-is-not-notebook",
        r"σημειωματάρι",
        f"{TURN5} §el and §2: the pad is 'η εφαρμογή'",
    ),
    rule("hr", "pad-is-not-biljeznica", r"bilježnic", f"{TURN5} §hr and §2: the pad is 'lista'"),
    rule(
        "es",
        "ranks-everyone",
        r"clasifica a todos entre",
        f"{TURN5} §2: reads as the draw (write 'hace una clasificación conjunta')",
    ),
    rule(
        "pt",
        "ranks-everyone",
        r"classifica todos entre",
        f"{TURN5} §2: reads as the draw (write 'faz uma classificação única')",
    ),
    rule(
        "it",
        "ranks-everyone",
        r"classifica tutti tra",
        f"{TURN5} §2: reads as the draw (write 'fa un'unica classifica')",
    ),
    rule(
        "hr",
        "ranks-everyone",
        r"rangira sve preko",
        f"{TURN5} §2: reads as the draw (write 'slaže zajednički poredak')",
    ),
    # German (de)
    rule(
        "de",
        "rating-is-wertungszahl",
        r"\bWertung(?:en)?\b",
        f"{TURN5}, fix first: Wertung is Scoring in this catalogue (write 'Wertungszahl')",
        about=r"\brating",
        case=True,
    ),
    rule(
        "de",
        "roster-is-liste",
        r"\bKader\b",
        f"{TURN5} §de: a club's roster is not a squad (write 'in der Liste')",
        case=True,
    ),
    rule(
        "de",
        "example-name",
        r"\bDick\b",
        f"{TURN5} §de: 'dick' means fat (write a German name: 'Max')",
        case=True,
    ),
    # Italian (it)
    rule(
        "it",
        "head-to-head-is-scontri-diretti",
        r"testa a testa",
        f"{TURN5}, fix first: a close race, or a play-off (write 'gli scontri diretti')",
    ),
    rule(
        "it",
        "ne-ha-vinto",
        r"nessuno ne ha vint",
        f"{TURN5} §it: after 'ne' the participle agrees (write 'distrutte (Kraken, Balena "
        "Bianca): %(destroyed)s')",
    ),
    # Portuguese (pt)
    rule(
        "pt",
        "missed-is-errou",
        r"falhou a previsão",
        f"{TURN5} §pt (write 'errou a previsão')",
    ),
    rule(
        "pt",
        "seating-is-not-the-deal",
        r"Distribui",
        f"{TURN5} §pt: 'distribuição' is the deal (write 'Sorteio dos lugares')",
        about=r"^Seating$",
    ),
    # Spanish (es)
    rule(
        "es",
        "club-night-is-velada",
        r"\bnoches? de club",
        f"{TURN5} §es: 'noche de club' reads as a nightclub (write 'velada del club')",
    ),
    rule("es", "runs-until", r"Corre hasta", f"{TURN5} §es (write 'Termina a las')"),
    # French (fr)
    rule(
        "fr",
        "thin-spaces",
        "[ \u202f][:»]|«[ \u202f]|[ \u00a0][;?!]",
        f"{GLOSSARY} §6 and {TURN5} §fr: U+00A0 before : and inside « », U+202F before ; ? !",
    ),
    rule(
        "fr",
        "exempte-e",
        r"exempté\(e\)",
        f"{TURN5} §fr (write 'Exemption pour %(name)s à ce tour.')",
    ),
    rule(
        "fr",
        "points-de-classement-twice",
        r"Classement aux points de classement",
        f"{TURN5} §fr (write 'Classement aux points')",
    ),
    # Greek (el)
    rule(
        "el",
        "kraken-is-masculine",
        r"(?<!\w)σ?το Κράκεν",
        f"{TURN5} §el: the older Kraken strings say 'ο Κράκεν' (write 'ο Κράκεν')",
    ),
    rule(
        "el",
        "name-then-colon",
        r"^%\(name\)s (?:δεν|χαμένο|κερδισμένο)|^%\(name\)s: (?:χαμένο|κερδισμένο)",
        f"{TURN5} §el: '%(name)s: δεν πήρε …' as the Cloud sentence; 'Χαμένο στοίχημα … "
        "(%(name)s): %(amount)s'",
    ),
    rule(
        "el",
        "table-of-four-players",
        r"τραπέζι \d+:",
        f"{TURN5} §el: 'τραπέζι 4' reads as table no. 4 (write 'τραπέζι 4 παικτών')",
    ),
    rule(
        "el",
        "standings-tie-is-isovathmia",
        r"ισοπαλ",
        f"{TURN5} §el: a tie in the standings is 'ισοβαθμία'",
        about=r"\bties broken",
    ),
    rule(
        "el",
        "deals-first-gender-free",
        r"μοιράζει πρώτος|^κέρδισε: ",
        f"{TURN5} §el: gender-free labels (write 'πρώτο μοίρασμα', 'νίκη: %(names)s')",
    ),
    # Croatian (hr)
    rule(
        "hr",
        "deals-in-the-first-round",
        r"prvi dijeli|prvi dijeliš",
        f"{TURN5} §hr: a club night's first dealer deals in the first round (write 'dijeli u "
        "prvoj rundi')",
        about=r"^deals first$|^Table %\(table\)s, seat",
    ),
    rule(
        "hr",
        "turned-up-is-okrenuta",
        r"\botkriven",
        f"{TURN5} §hr: the card turned up is 'okrenuta karta'",
        about=r"\bturned up",
    ),
    rule(
        "hr",
        "za-upis",
        r"za upisati",
        f"{TURN5} §hr (write 'za upis')",
    ),
    rule(
        "hr",
        "seating-is-not-the-schedule",
        r"^Raspored$",
        f"{TURN5} §hr: 'raspored' is the hand-size schedule (write 'Način izvlačenja')",
        about=r"^Seating$",
    ),
    rule(
        "hr",
        "qr-kod-one-spelling",
        r"QR kod\b",
        f"{TURN5} §hr: one spelling (write 'QR kôd')",
        case=True,
    ),
    rule(
        "hr",
        "no-trick-no-cloud",
        r"pa nije dobio štih Oblaka",
        f"{TURN5} §hr (write 'nema nijedan štih, pa nema ni štih Oblaka')",
    ),
]


@cache
def catalogue(code: str) -> Catalog:
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source, locale=code)


def pairs(message: Message) -> list[tuple[str, str]]:
    """Each translated form with the English it translates: the plural forms past the first
    translate the English plural."""
    english = [message.id] if isinstance(message.id, str) else [str(t) for t in message.id]
    if isinstance(message.string, str):
        forms = [message.string]
    else:
        forms = [str(text) for text in message.string or ()]
    return [(english[min(index, len(english) - 1)], text) for index, text in enumerate(forms)]


def breaches(rule: Rule) -> list[tuple[str, str]]:
    """The (English, translation) pairs of the rule's language that use the ruled-out form."""
    found = []
    for message in catalogue(rule.code):
        if not message.id:
            continue
        for english, text in pairs(message):
            if rule.about is not None and not rule.about.search(english):
                continue
            if rule.unless is not None and rule.unless.search(english):
                continue
            if rule.wrong.search(text):
                found.append((english, text))
    return found


@pytest.mark.parametrize("rule", RULES, ids=[rule.name for rule in RULES])
def test_ruled_out_forms_stay_out(rule: Rule) -> None:
    found = breaches(rule)
    assert found == [], "\n".join(
        [f"{rule.code}: {rule.wrong.pattern!r} is ruled out by {rule.why}:"]
        + [f"  {english!r}\n    -> {text!r}" for english, text in found]
    )


BID = re.compile(r"\bbid", re.IGNORECASE)
APUESTA = re.compile(r"\bapuest|\bapost", re.IGNORECASE)


def test_spanish_apuesta_is_only_the_bid() -> None:
    """apuesta/apostar is the bid (GLOSSARY.md 'bid (noun)', 'to bid'): a translation says it no
    more often than its English says bid, so Rascal's wager and the stake take other words."""
    found = [
        (english, text)
        for message in catalogue("es")
        if message.id
        for english, text in pairs(message)
        if len(APUESTA.findall(text)) > len(BID.findall(english))
    ]
    assert found == [], "\n".join(
        [
            f"es: apuesta is the bid only ({GLOSSARY}, 'bid (noun)'; {NEW} §es, error 'apuesta "
            "used for the wager or stake': write 'envite', 'se juega(n)'):"
        ]
        + [f"  {english!r}\n    -> {text!r}" for english, text in found]
    )


# A preposition followed by an article where the language contracts them ("por os" is "pelos",
# "da i" is "dai"): the tie-break words carry their article, the sentence must not put a bare
# preposition before them.
UNCONTRACTED = {
    "pt": re.compile(r"\b(?:por|de|em|a) (?:o|a|os|as)\b", re.IGNORECASE),
    "it": re.compile(r"\b(?:da|di|a|in|su) (?:il|lo|la|i|gli|le)\b", re.IGNORECASE),
    "es": re.compile(r"\b(?:de|a) el\b", re.IGNORECASE),
    "fr": re.compile(r"\b(?:de|à) (?:le|les)\b", re.IGNORECASE),
}
TIE_BREAK_SENTENCE = re.compile(r"\bTies broken by %\(first\)s")


def translated(code: str, english: str) -> str:
    message = catalogue(code).get(english)
    assert message is not None and isinstance(message.string, str), english
    return message.string


@pytest.mark.parametrize("code", sorted(UNCONTRACTED))
def test_tie_break_sentence_as_printed(code: str) -> None:
    """The standings' tie-break sentence with its three words filled in, in every order
    (reviews/translations-turn5.md, across languages §1: "por os", "da i")."""
    words = [translated(code, english) for english in TIE_BREAK_WORDS.values()]
    sentence = next(
        text
        for message in catalogue(code)
        if message.id and isinstance(message.id, str) and TIE_BREAK_SENTENCE.search(message.id)
        for _english, text in pairs(message)
    )
    printed = [
        sentence % {"first": first, "second": second, "third": third}
        for first, second, third in permutations(words)
    ]
    found = [text for text in printed if UNCONTRACTED[code].search(text)]
    assert found == [], f"{code}: a bare preposition before an article ({TURN5} §1):\n" + (
        "\n".join(found)
    )
