"""Catalogue strings: the words drawn into images (``render.<label key>``, see
:data:`renderer.labels.DEFAULT_LABELS`; English is the renderer's own).

Every label is either translated (:data:`DE_WORDS`, :data:`SV_WORDS`) or listed in
:data:`SAME_EVERYWHERE`; a new label that is neither is missing from German and Swedish,
which ``tests/i18n/test_catalogue.py`` reports.
"""

from renderer.labels import DEFAULT_LABELS

EN: dict[str, str] = {f"render.{key}": text for key, text in DEFAULT_LABELS.items()}

#: labels that stay as they are in English in every language, on purpose: the game's own
#: words (contracts, Kontra/Rekontra/Tout, Schneider/Schwarz/Jungfrau, the variants'
#: names) and pure formats without a word (``×{n}``, ``{name}: {card}``)
SAME_EVERYWHERE: frozenset[str] = frozenset({
    # announcements and multipliers
    "kontra", "rekontra", "tout", "mult.kontra", "mult.rekontra", "mult.schneider",
    "mult.no_trick", "mult.jungfrau", "mult.wuerttemberg.jungfrau",
    # formats
    "multipliers", "alt.play",
    # variants (Württemberg Tapp is translated)
    "variant.zuger", "variant.tapp1879", "variant.dapp",
    # contracts
    "contract.tapp", "contract.solo", "contract.super", "contract.vice",
    "contract.coeurfrage", "contract.coeursolo", "contract.ramsch", "contract.normal",
    "contract.herz", "contract.farbe", "contract.wuerttemberg.herz", "contract.rufer",
    "contract.rufer_herz", "contract.bettel", "contract.bettel_ouvert", "contract.durch",
    "contract.durch_herz", "contract.herz_aufnehmen",
})

DE_WORDS: dict[str, str] = {
    "seat": "Platz {n}", "dealer_mark": "G", "declarer": "Spieler", "to_act": "am Zug",
    "your_turn": "Du bist dran", "waiting_for": "Warte auf {name}",
    "tricks_won": "{n} Stiche", "tricks_won.1": "1 Stich", "cards_left": "{n} Karten",
    "cards_left.1": "1 Karte",
    "chips": "{n}", "trump": "Trumpf", "no_trump": "Kein Trumpf", "pot": "Kasse {n}",
    "called": "Gerufen", "called_in_talon": "im Tapp", "talon": "Tapp",
    "discards": "Gedrückt", "trick_n": "Stich {n}/{total}", "last_trick": "Letzter Stich",
    "led": "ausgespielt", "wins": "sticht", "open_hand": "offen", "no_contract": "Reizen",
    "discard_n": "{n} Karten drücken", "discard_n.1": "1 Karte drücken",
    "give_card": "Eine Karte geben",
    "call_card": "Eine Karte rufen", "choose_trump": "Trumpf wählen",
    "play_card": "Eine Karte spielen",
    "phase.auction": "Reizen", "phase.declare": "Ansagen", "phase.contract": "Spielwahl",
    "phase.discard": "Drücken", "phase.trump": "Trumpfwahl", "phase.call": "Rufen",
    "phase.give": "Tausch", "phase.announce": "Ansage", "phase.play": "Spiel",
    "phase.finished": "Beendet",
    "bid.pass": "passe", "bid.weg": "weg", "bid.play": "ich spiele", "bid.spiele": "ich spiele",
    "bid.self": "selbst", "bid.hold": "halte",
    "mult.closing": "Schlussrunde",
    "result.won": "{name} gewinnt", "result.lost": "{name} verliert",
    "result.draw": "Unentschieden: niemand zahlt", "result.ramsch": "{name} zahlt",
    "result.thrown_in": "Alle gepasst: eingeworfen", "result.incomplete": "Spiel abgebrochen",
    "short.thrown_in": "Eingeworfen", "short.incomplete": "Abgebrochen",
    "col.seat": "Spieler", "col.tricks": "Stiche", "col.points": "Augen", "col.chips": "Chips",
    "declarer_points": "Spieler {n} Augen",
    "chart.title": "Chipverlauf", "chart.empty": "Noch keine Spiele",
    "variant.wuerttemberg": "Württemberger Tapp",
    "card": "{suit} {rank}",
    "rank.6": "Sechs", "rank.7": "Sieben", "rank.8": "Acht", "rank.9": "Neun",
    "rank.J": "Bube", "rank.Q": "Dame", "rank.K": "König", "rank.T": "Zehner", "rank.A": "Ass",
    "rank.german.J": "Unter", "rank.german.Q": "Ober",
    "rank.swiss.J": "Under", "rank.swiss.Q": "Ober", "rank.swiss.T": "Banner",
    "suit.french.C": "Kreuz", "suit.french.S": "Pik",
    "suit.french.H": "Herz", "suit.french.D": "Karo",
    "suit.german.C": "Eichel", "suit.german.S": "Grün",
    "suit.german.H": "Herz", "suit.german.D": "Schellen",
    "suit.swiss.C": "Eicheln", "suit.swiss.S": "Schilten",
    "suit.swiss.H": "Rosen", "suit.swiss.D": "Schellen",
    "alt.hand": "Blatt: {cards}", "alt.playable": "spielbar: {cards}",
    "alt.all_playable": "alle spielbar",
    "alt.trick": "Stich: {plays}", "alt.table": "Tisch: {summary}",
    "alt.result": "Ergebnis: {summary}", "alt.chart": "Chipverlauf von {names}",
    "file.hand": "blatt", "file.table": "tisch", "file.trick": "stich",
    "file.result": "ergebnis", "file.chart": "chipverlauf", "file.hands": "karten",
    "file.auction": "reizen",
}

SV_WORDS: dict[str, str] = {
    "seat": "Plats {n}", "dealer_mark": "G", "declarer": "Spelförare", "to_act": "på tur",
    "your_turn": "Din tur", "waiting_for": "Väntar på {name}",
    "tricks_won": "{n} stick", "tricks_won.1": "1 stick", "cards_left": "{n} kort",
    "cards_left.1": "1 kort",
    "chips": "{n}", "trump": "Trumf", "no_trump": "Ingen trumf", "pot": "Pott {n}",
    "called": "Kallat", "called_in_talon": "i talongen", "talon": "Talong",
    "discards": "Bortlagt", "trick_n": "Stick {n}/{total}", "last_trick": "Senaste stick",
    "led": "utspelat", "wins": "tar", "open_hand": "öppen", "no_contract": "Budgivning",
    "discard_n": "Lägg bort {n} kort", "discard_n.1": "Lägg bort 1 kort",
    "give_card": "Ge ett kort",
    "call_card": "Kalla ett kort", "choose_trump": "Välj trumf",
    "play_card": "Spela ett kort",
    "phase.auction": "Budgivning", "phase.declare": "Meddelande", "phase.contract": "Spelval",
    "phase.discard": "Bortläggning", "phase.trump": "Trumfval", "phase.call": "Kallelse",
    "phase.give": "Byte", "phase.announce": "Meddelande", "phase.play": "Spel",
    "phase.finished": "Slut",
    "bid.pass": "pass", "bid.weg": "pass", "bid.play": "jag spelar",
    "bid.spiele": "jag spelar", "bid.self": "själv", "bid.hold": "håller",
    "mult.closing": "Slutrunda",
    "result.won": "{name} vinner", "result.lost": "{name} förlorar",
    "result.draw": "Oavgjort: ingen betalar", "result.ramsch": "{name} betalar",
    "result.thrown_in": "Alla passade: kastad", "result.incomplete": "Given avbruten",
    "short.thrown_in": "Kastad", "short.incomplete": "Avbruten",
    "col.seat": "Spelare", "col.tricks": "Stick", "col.points": "Poäng", "col.chips": "Marker",
    "declarer_points": "Spelförare {n} poäng",
    "chart.title": "Markhistorik", "chart.empty": "Inga givar än",
    "variant.wuerttemberg": "Württembergsk tapp",
    "card": "{suit} {rank}",
    "rank.6": "sexa", "rank.7": "sjua", "rank.8": "åtta", "rank.9": "nia",
    "rank.J": "knekt", "rank.Q": "dam", "rank.K": "kung", "rank.T": "tia", "rank.A": "ess",
    "rank.german.J": "Unter", "rank.german.Q": "Ober",
    "rank.swiss.J": "Under", "rank.swiss.Q": "Ober", "rank.swiss.T": "Banner",
    "suit.french.C": "Klöver", "suit.french.S": "Spader",
    "suit.french.H": "Hjärter", "suit.french.D": "Ruter",
    "suit.german.C": "Ekollon", "suit.german.S": "Löv",
    "suit.german.H": "Hjärter", "suit.german.D": "Bjällror",
    "suit.swiss.C": "Ekollon", "suit.swiss.S": "Sköldar",
    "suit.swiss.H": "Rosor", "suit.swiss.D": "Bjällror",
    "alt.hand": "Hand: {cards}", "alt.playable": "spelbara: {cards}",
    "alt.all_playable": "alla spelbara",
    "alt.trick": "Stick: {plays}", "alt.table": "Bord: {summary}",
    "alt.result": "Resultat: {summary}", "alt.chart": "Markhistorik för {names}",
    "file.hand": "hand", "file.table": "bord", "file.trick": "stick",
    "file.result": "resultat", "file.chart": "markhistorik", "file.hands": "kort",
    "file.auction": "budgivning",
}

_KEPT: dict[str, str] = {f"render.{key}": DEFAULT_LABELS[key] for key in sorted(SAME_EVERYWHERE)}
DE: dict[str, str] = {**_KEPT, **{f"render.{key}": text for key, text in DE_WORDS.items()}}
SV: dict[str, str] = {**_KEPT, **{f"render.{key}": text for key, text in SV_WORDS.items()}}
