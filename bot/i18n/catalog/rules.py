"""``/tapp rules``: a faithful summary of each variant, page by page (see
``bot.tables.rules_pages`` for which pages a variant has).

A page's text is ``rules.<variant>.<section>``; the first page (the overview) is
``rules.<variant>``. The summaries follow ``docs/rules/<variant>.md``: keep the
numbers (hands, talon, values, thresholds) in step with it and with the engine.
The game's own words stay as they are in every language (Farbspiel, Rufer, Durch,
Bettel, Ramsch, Jungfrau, Kontra, Tapp, Solo, Super, Vice).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "rules.heading": "{variant} · {section}",
    "rules.page": "Page {n}/{pages}",
    "rules.button.previous": "◀ Previous",
    "rules.button.next": "Next ▶",
    "rules.select": "Go to a page",
    "rules.section.overview": "Overview and deal",
    "rules.section.contracts": "Contracts",
    "rules.section.bidding": "Bidding",
    "rules.section.play": "Before play and play",
    "rules.section.scoring": "Scoring",
    "rules.section.ramsch": "Ramsch",
    "rules.section.options": "Table options",
    # -- Zuger Tapp ---------------------------------------------------------------------
    "rules.zuger": (
        "**Zuger Tapp** (Zug, Switzerland): **4 players**, **36 cards** (6 to ace), play"
        " goes counter-clockwise. The declarer always plays alone against the other"
        " three.\n\n"
        "**Deal:** 4 cards face down as the talon, **8 cards** to each player.\n\n"
        "**Cards:** in every suit ace, ten, king, queen, jack, 9, 8, 7, 6, high to low."
        " Card points: ace 11, ten 10, king 4, queen 3, jack 2, the rest 0: 120 in all.\n\n"
        "**Tricks:** follow suit; if you cannot, play a trump if you have one; otherwise"
        " any card. Nobody has to head the trick or over-trump. The highest trump wins the"
        " trick, else the highest card of the suit led; the winner leads next."),
    "rules.zuger.bidding": (
        "Contracts, low to high: **Tapp** < **Solo** < **Super** < **Vice**.\n\n"
        "• Forehand (the player after the dealer) speaks first; the turn goes round,"
        " skipping players who have passed.\n"
        "• While nobody has bid you may pass, bid Tapp or bid Solo.\n"
        "• Once a bid stands you pass or bid **exactly the next** contract: Solo after"
        " Tapp, Super after Solo, Vice after Super. No jumps.\n"
        "• Whoever passes never bids again in this deal.\n"
        "• The auction ends when a bid stands and the three others have passed, or at once"
        " when someone bids Vice. The last bidder is the declarer.\n"
        "• If all four pass, the deal is thrown in: no play, no payment, and the deal"
        " passes on."),
    "rules.zuger.play": (
        "**Tapp:** the declarer picks up the 4 talon cards (12 cards), discards any 4 face"
        " down and names trump (any suit).\n\n"
        "**Solo, Super, Vice:** the talon stays face down and unseen; the declarer names"
        " trump (any suit).\n\n"
        "The **declarer leads** the first trick; 8 tricks are played. The 4 discards (Tapp)"
        " or the 4 talon cards (the other contracts) always count for the declarer."),
    "rules.zuger.scoring": (
        "The declarer's points = the card points of their tricks + the discards or the"
        " talon.\n"
        "```\n"
        "Contract  Value  Won with  Lost with\n"
        "Tapp        1     ≥ 61     ≤ 59 (60: draw)\n"
        "Solo        2     ≥ 65     ≤ 64\n"
        "Super       4     ≥ 70     ≤ 69\n"
        "Vice        6     ≥ 75     ≤ 74\n"
        "```\n"
        "The value is multiplied, judged on the **losing** side: **×3** if it took no"
        " trick; otherwise **×2** if it took fewer than 21 points; else ×1.\n\n"
        "The declarer wins value × multiplier × stake from **each** of the three"
        " opponents, or pays it to each.\n\n"
        "Table option *Tapp won with 65*: Tapp is then won with 65 or more and lost with"
        " 64 or less; there is no draw.\n\n"
        "Examples (stake 1): Tapp with 73: declarer +3, others −1 each. Super with 104,"
        " the opponents 16 points and a trick: ×2, declarer +24. Solo with 64: declarer"
        " −6. Vice with all 8 tricks: ×3, declarer +54."),
    # -- Tapp (1879) --------------------------------------------------------------------
    "rules.tapp1879": (
        "**Tapp as played in 1879** (Anton, *Encyclopädie der Spiele*): **3 players**,"
        " **36 cards** (6 to ace), play goes clockwise. The declarer plays alone against the"
        " other two.\n\n"
        "**The pot:** at the start of every deal, even one thrown in later, the dealer pays"
        " the ante (default 2 units) into the pot. When the session ends the pot is shared"
        " equally; a remainder goes chip by chip to the biggest losers.\n\n"
        "**Deal:** 3 cards face down as the talon (der Tapp), **11 cards** to each"
        " player.\n\n"
        "**Cards:** ace, ten, king, queen, jack, 9 to 6, high to low. Card points: ace 11,"
        " ten 10, king 4, queen 3, jack 2: 120 in all.\n\n"
        "**Tricks:** follow suit; if you cannot, play a trump if you have one; otherwise"
        " any card. Nobody has to head the trick."),
    "rules.tapp1879.bidding": (
        "Contracts, low to high: **Coeurfrage** < **Solo** (in a bad suit) <"
        " **Coeursolo**. The first bidder may name any of them.\n\n"
        "• One round, forehand first and the dealer last.\n"
        "• While no bid stands you pass or bid; a bid makes you the **holder**.\n"
        "• A later player may bid **higher**: that starts a contest. The holder answers"
        " first: **hold** (take that contract at the same level; sitting earlier, matching"
        " is enough), bid higher, or pass. The challenger must then go higher or pass; the"
        " two alternate until one passes.\n"
        "• Whoever passes is out for this deal. After a contest the round goes on with the"
        " player after the challenger.\n"
        "• Once the dealer has spoken, the holder is the declarer.\n"
        "• If all three pass, the deal is thrown in; the ante stays in the pot."),
    "rules.tapp1879.play": (
        "**Coeurfrage:** hearts are trump. The declarer picks up the 3 talon cards and"
        " discards any 3 face down.\n\n"
        "**Solo:** the talon stays unseen; the declarer names trump: clubs, spades or"
        " diamonds (not hearts).\n\n"
        "**Coeursolo:** hearts are trump; the talon stays unseen.\n\n"
        "**Tout:** in Solo and Coeursolo the declarer may announce tout before the first"
        " card. Then all 11 tricks must be won, and card points no longer count.\n\n"
        "**Forehand** (not the declarer) leads the first trick; 11 tricks are played. Every"
        " contract is won with 61 points or more."),
    "rules.tapp1879.scoring": (
        "The declarer's points P = their tricks + the talon (in Coeurfrage the 3 discards),"
        " but the talon counts only if the declarer won at least one trick; otherwise it"
        " goes to the opponents. Let d = P − 60; fractions are rounded up.\n\n"
        "• **Coeurfrage:** d > 0: each opponent pays d/4. d < 0: the declarer pays −d/4 to"
        " each opponent and the same once into the pot. 60: nothing.\n"
        "• **Solo:** won (61 or more): the declarer takes the **whole pot** and d/2 from each"
        " opponent. Lost (60 or less): the declarer pays as much as the pot holds into it"
        " (the pot doubles) and −d/2 to each opponent.\n"
        "• **Coeursolo:** as Solo, but the amount per opponent is d itself.\n"
        "• **Tout** won: the whole pot and 60 (Solo) or 120 (Coeursolo) from each opponent."
        " Lost (the deal ends at the first lost trick): the declarer pays 60 or 120 to each"
        " opponent and doubles the pot.\n\n"
        "Amounts are units × stake. Example: Coeurfrage with 73: d = 13, 13/4 = 3¼, so"
        " each opponent pays 4."),
    # -- Dapp ---------------------------------------------------------------------------
    "rules.dapp": (
        "**Dapp** (Igelsberg tournament rules): **3 to 6 players**, **32 cards** (7 to"
        " ace), play goes counter-clockwise. The declarer plays alone against all the"
        " others; in Ramsch everyone plays for themselves.\n\n"
        "**Deal:**\n"
        "```\n"
        "Players  Cards each  Talon\n"
        "   3         10        2\n"
        "   4          7        4\n"
        "   5          6        2\n"
        "   6          5        2\n"
        "```\n"
        "The talon (der Dapp) stays face down.\n\n"
        "**Cards:** ace, ten, king, queen, jack, 9, 8, 7, high to low. Card points: ace 11,"
        " ten 10, king 4, queen 3, jack 2: 120 in all.\n\n"
        "**Tricks:** follow suit; if you cannot and the contract has trumps, play a trump"
        " if you have one; otherwise any card. Nobody has to head the trick."),
    "rules.dapp.contracts": (
        "Low to high, with their value in units:\n"
        "1. **Ramsch** (1): when everybody passes; no declarer, fewest points.\n"
        "2. **Normales Spiel** (1): trump clubs, spades or diamonds; 61 points.\n"
        "3. **Herz-Spiel** (2): hearts trump; 61 points.\n"
        "4. **Rufer** (4): trump clubs, spades or diamonds; all tricks, after calling a"
        " card.\n"
        "5. **Bettel** (5): no trump; no trick.\n"
        "6. **Rufer Herz** (6): hearts trump; all tricks, after calling a card.\n"
        "7. **Durch** (8): trump clubs, spades or diamonds; all tricks.\n"
        "8. **Durch Herz** (12): hearts trump; all tricks.\n\n"
        "The talon is never picked up. In Normales Spiel and Herz-Spiel its points count"
        " for the declarer."),
    "rules.dapp.bidding": (
        "One round, forehand first and the dealer last, with contests:\n"
        "• While nobody has bid: **pass** or **I play**. The first *I play* holds the open"
        " Normal level (the contract is named later).\n"
        "• A later player may say *I play* too: a contest at the open Herz level. The holder"
        " answers **pass** or **I play myself**; after *I play myself* the challenger"
        " must **name** a contract above Herz or pass.\n"
        "• From then on bids are named: Rufer, Bettel, Rufer Herz, Durch, Durch Herz. In a"
        " contest the holder (the earlier player) may **hold** (match, \"Vorhand\"), name"
        " higher, or pass; the challenger must name higher or pass. Whoever passes is"
        " out.\n"
        "• After a contest the round goes on after the challenger; later players pass or"
        " name higher.\n"
        "• Plain Rufer and Durch stand at the Normal rank; the declarer may still play them"
        " as Rufer Herz or Durch Herz. To beat a held Rufer, name Bettel or higher.\n"
        "• If all pass, **Ramsch** is played.\n\n"
        "An open final bid is fixed by the declarer: open Normal, any contract from"
        " Normales Spiel up; open Herz, any from Herz-Spiel up."),
    "rules.dapp.play": (
        "• **Normal, Herz, Durch:** the talon stays unseen; the declarer names trump where"
        " there is a choice (clubs, spades or diamonds).\n"
        "• **Rufer:** after naming trump the declarer calls a card not in their hand. Its"
        " holder must hand it over and gets any one card of the declarer's hand back (not"
        " the called one). If it lies in the talon there is no exchange, and everyone"
        " learns it.\n"
        "• **Bettel:** no trump. The declarer leads the first trick from a closed hand;"
        " after the first trick the declarer's hand lies open for all to see.\n"
        "• **Kontra:** an opponent may say Kontra (from the fixed contract until the first"
        " card is played), then the declarer Rekontra (until the first trick is complete)."
        " In Ramsch any player may say Kontra and any other player Rekontra. No Kontra in a"
        " Rufer whose called card lies in the talon.\n"
        "• **Forehand** leads the first trick, except in Bettel, where the declarer leads."),
    "rules.dapp.scoring": (
        "• **Normales Spiel, Herz-Spiel:** the declarer's points = tricks + talon; won with"
        " 61 or more, lost with 60 or less.\n"
        "• **Rufer, Rufer Herz, Durch, Durch Herz:** won only with every trick.\n"
        "• **Bettel:** won only with no trick.\n\n"
        "The value V = contract value × stake, **doubled** once for each of: Kontra;"
        " Rekontra; in Normal and Herz only, the losing side took fewer than 40 points"
        " (Schneider).\n\n"
        "Won: each opponent pays V to the declarer. Lost: the declarer pays V to each"
        " opponent.\n\n"
        "Examples (stake 1): 4 players, Herz-Spiel won with 75: declarer +6, others −2"
        " each. 3 players, Normales Spiel lost with 35 after Kontra: 1 ×2 ×2 = 4, declarer"
        " −8."),
    "rules.dapp.ramsch": (
        "If everybody passes, **Ramsch** is played: no trump, forehand leads, follow suit"
        " or play any card; everyone plays for themselves.\n"
        "• Whoever wins the **last trick** also takes the talon's points.\n"
        "• The player with the **most points** loses: they pay V (stake × 1, doubled for"
        " Kontra and again for Rekontra) to every other player, and 2V to each"
        " **Jungfrau**, a player who won no trick.\n"
        "• A tie for most points: of the tied players, the one who won the last trick loses"
        " alone; if none of them did, each tied player pays every player who is not tied.\n\n"
        "Example: 4 players with 50, 40, 30 and 0 points, the last without a trick: the"
        " first pays 1, 1 and 2.\n\n"
        "**Closing Ramsch round** (table option): the session ends with one Ramsch deal per"
        " player. In those deals the only bid is Durch Herz, and all payments are"
        " doubled."),
    # -- Württemberg Tapp ---------------------------------------------------------------
    "rules.wuerttemberg": (
        "**Württemberg Tapp** (Württembergischer Tarock): **3 or 4 players**, **36 cards**"
        " (table option: 32), play goes counter-clockwise. The declarer plays alone against"
        " all the others; in Ramsch everyone plays for themselves.\n\n"
        "**Deal:**\n"
        "```\n"
        "Players  Deck  Cards each  Tapp\n"
        "   3      36       11        3\n"
        "   4      36        8        4\n"
        "   3      32       10        2\n"
        "   4      32        7        4\n"
        "```\n"
        "The Tapp stays face down and is never picked up; in a Farbspiel its points count"
        " for the declarer.\n\n"
        "**Cards:** ace, ten, king, queen, jack, 9 to 6, high to low. Card points: ace 11,"
        " ten 10, king 4, queen 3, jack 2: 120 in all.\n\n"
        "**Tricks:** follow suit; if you cannot, play a trump if you have one; otherwise"
        " any card. Nobody has to head the trick."),
    "rules.wuerttemberg.contracts": (
        "Low to high, with their value in units:\n"
        "1. **Farbspiel** Kreuz, Pik or Karo (1): 61 points.\n"
        "2. **Farbspiel Herz** (2): 61 points.\n"
        "3. **Bettel** (3): no trump; no trick.\n"
        "4. **Rufer** Kreuz, Pik or Karo (3): all tricks; a card may be called.\n"
        "5. **Rufer Herz** (6): the same with hearts trump.\n"
        "6. **Bettel ouvert** (6): Bettel with the hand open.\n"
        "7. **Durch** Kreuz, Pik or Karo (6): all tricks.\n"
        "8. **Durch Herz** (12): all tricks, hearts trump.\n\n"
        "**Ramsch** (1, a Jungfrau gets 2) when nobody plays."),
    "rules.wuerttemberg.bidding": (
        "Bidding has two phases. Forehand is the player after the dealer.\n\n"
        "1. **Announce:** starting with the player after forehand, so that forehand speaks"
        " **last**, everyone says **I play** (spiele) or **pass** (weg).\n"
        "2. **Declare:** in the same order, everyone who said *I play* names the game they"
        " want (not yet the trump suit). Declarations are public and binding.\n\n"
        "The highest game wins. Between equal games, priority goes by seat order from"
        " forehand: forehand first, the dealer last.\n\n"
        "If nobody says *I play*, **Ramsch** is played.\n\n"
        "Example: the declarations are Rufer, Farbspiel Herz and, from forehand, Rufer:"
        " forehand plays Rufer."),
    "rules.wuerttemberg.play": (
        "• The declarer names trump where the game leaves a choice (Kreuz, Pik or Karo).\n"
        "• **Rufer:** after naming trump the declarer **may** call one card missing from"
        " their hand. The opponent who holds it must hand it over and gets any card of the"
        " declarer's choice back (not the called one). If it lies in the Tapp: bad luck, no"
        " exchange.\n"
        "• **Forehand** leads the first trick in every game except Bettel ouvert.\n"
        "• **Bettel ouvert:** the declarer leads from a closed hand; as soon as that card is"
        " played, the declarer's hand lies open for all to see.\n"
        "• Bettel, Bettel ouvert and Ramsch have no trump: follow suit, otherwise any"
        " card."),
    "rules.wuerttemberg.scoring": (
        "• **Farbspiel, Farbspiel Herz:** the declarer's points = tricks + Tapp; won with 61"
        " or more; 60 loses.\n"
        "• **Rufer, Rufer Herz, Durch, Durch Herz:** won only with every trick.\n"
        "• **Bettel, Bettel ouvert:** won only with no trick.\n"
        "Won: each opponent pays the value to the declarer. Lost: the declarer pays it to"
        " each other player. No Schneider, no Kontra.\n\n"
        "**Ramsch:** no trump, forehand leads; the winner of the last trick also takes the"
        " Tapp. The player with the most points pays 1 unit to each other player and 2 to"
        " each **Jungfrau** (Jungfer), a player who won no trick. A tie: of the tied"
        " players, the one who won the last trick pays alone; if none did, each tied player"
        " pays every player who is not tied.\n\n"
        "Examples (4 players, stake 1): Farbspiel won with 70: declarer +3. Farbspiel Herz"
        " lost with 60: declarer −6. Durch Herz won: declarer +36."),
    "rules.wuerttemberg.options": (
        "• **32 cards:** 7 to ace; hands as on the first page.\n"
        "• **Herz aufnehmen** (Meyers 1909): an extra lowest game, value 1: hearts trump;"
        " the declarer picks up the Tapp and discards as many cards face down, which count"
        " for the declarer.\n"
        "• **Herz-Ass ending:** once a player calls the end, the next deal is played as"
        " usual; whoever was dealt the ace of hearts deals the following one, the last deal"
        " with bidding (if the ace lay in the Tapp, the next deal decides). Then every"
        " player deals once a forced Ramsch (no bidding, normal payments), and the session"
        " ends."),
    # -- the game's words, one line each (a page of every variant) ----------------------
    "rules.section.words": "Words",
    "rules.zuger.words": (
        "The game's own words, as the bot shows them:\n"
        "• **Pass**: you do not bid; whoever passes is out of this auction.\n"
        "• **Tapp**: the talon, the 4 cards dealt face down.\n"
        "• **Tapp** (contract): pick up the talon, discard 4, name trump; 61 points win"
        " (table option: 65).\n"
        "• **Solo**: the talon stays unseen; you name trump and need 65 points.\n"
        "• **Super**: as Solo, but you need 70 points.\n"
        "• **Vice**: as Solo, but you need 75 points; bidding it ends the auction.\n"
        "• **Schneider**: the losing side took fewer than 21 points: the value ×2.\n"
        "• **Schwarz**: the losing side took no trick: the value ×3.\n"
        "• **Vorhand**: forehand, the player after the dealer; speaks first."),
    "rules.tapp1879.words": (
        "The game's own words, as the bot shows them:\n"
        "• **Pass**: you do not bid; whoever passes is out for this deal.\n"
        "• **Coeurfrage**: \"asking in hearts\", the lowest contract: hearts trump; you pick"
        " up the talon and discard 3.\n"
        "• **Solo**: the talon stays unseen; you name trump, not hearts (\"in a bad"
        " suit\").\n"
        "• **Coeursolo**: a Solo with hearts trump, the highest contract.\n"
        "• **Hold**: the holder takes the challenger's contract at the same level: sitting"
        " earlier, matching is enough.\n"
        "• **Tout**: \"all\", announced on a Solo or Coeursolo: you must win all 11 tricks,"
        " for a far higher payment.\n"
        "• **Tapp**: the talon, the 3 cards dealt face down.\n"
        "• **Vorhand**: forehand, the player after the dealer; speaks first and leads."),
    "rules.dapp.words": (
        "The game's own words, as the bot shows them:\n"
        "• **Pass**: you do not bid; whoever passes is out.\n"
        "• **I play**: a bid that leaves the contract open; said by a later player, a"
        " challenge.\n"
        "• **I play myself**: the holder's answer to a challenge: the game stays at the"
        " Herz level.\n"
        "• **Hold**: the holder matches the challenger's bid (also said \"Vorhand\").\n"
        "• **Normales Spiel**: trump clubs, spades or diamonds; 61 points.\n"
        "• **Herz-Spiel**: the same with hearts trump, worth double.\n"
        "• **Rufer**: call a card you lack (its holder swaps it), then win every trick.\n"
        "• **Rufer Herz**: a Rufer with hearts trump.\n"
        "• **Bettel**: no trump; win no trick; your hand opens after the first trick.\n"
        "• **Durch**: win every trick, without calling a card.\n"
        "• **Durch Herz**: Durch with hearts trump, the highest contract.\n"
        "• **Ramsch**: when all pass: no trump, each for themselves; the most points"
        " pays.\n"
        "• **Jungfrau**: in Ramsch, a player who won no trick; paid double.\n"
        "• **Kontra**: doubles the payment, said against the declarer (in Ramsch by"
        " anyone); **Rekontra** doubles it again.\n"
        "• **Schneider**: in Normal and Herz, the losing side took under 40 points: ×2.\n"
        "• **Dapp**: the talon, face down, never picked up."),
    "rules.wuerttemberg.words": (
        "The game's own words, as the bot shows them:\n"
        "• **I play** (spiele): you want to play; next you name your game.\n"
        "• **Pass (weg)**: you do not play this deal.\n"
        "• **Farbspiel**: you name trump (Kreuz, Pik or Karo); 61 points with the Tapp.\n"
        "• **Farbspiel Herz**: the same with hearts trump, worth double.\n"
        "• **Bettel**: no trump; win no trick.\n"
        "• **Bettel ouvert**: Bettel with your hand open from your first card on.\n"
        "• **Rufer**: win every trick; first you may call a card you lack, and its holder"
        " swaps it.\n"
        "• **Rufer Herz**: a Rufer with hearts trump.\n"
        "• **Durch**: win every trick, without a call.\n"
        "• **Durch Herz**: Durch with hearts trump, the highest game.\n"
        "• **Herz aufnehmen** (table option): hearts trump; pick up the Tapp and discard as"
        " many cards; 61 points.\n"
        "• **Ramsch**: when nobody plays: no trump, each for themselves; the most points"
        " pays.\n"
        "• **Jungfrau** (Jungfer): in Ramsch, a player who won no trick; paid double.\n"
        "• **Tapp**: the talon, face down; in a Farbspiel its points count for the"
        " declarer."),
}

DE: dict[str, str] = {
    "rules.heading": "{variant} · {section}",
    "rules.page": "Seite {n}/{pages}",
    "rules.button.previous": "◀ Zurück",
    "rules.button.next": "Weiter ▶",
    "rules.select": "Zu einer Seite springen",
    "rules.section.overview": "Überblick und Geben",
    "rules.section.contracts": "Spiele",
    "rules.section.bidding": "Reizen",
    "rules.section.play": "Vor dem Spiel und Spiel",
    "rules.section.scoring": "Abrechnung",
    "rules.section.ramsch": "Ramsch",
    "rules.section.options": "Tischoptionen",
    # -- Zuger Tapp ---------------------------------------------------------------------
    "rules.zuger": (
        "**Zuger Tapp** (Zug, Schweiz): **4 Spieler**, **36 Karten** (Sechs bis Ass),"
        " gespielt wird gegen den Uhrzeigersinn. Der Alleinspieler spielt immer allein"
        " gegen die anderen drei.\n\n"
        "**Geben:** 4 Karten verdeckt in den Tapp, **je 8 Karten** für jeden Spieler.\n\n"
        "**Karten:** in jeder Farbe Ass, Zehner, König, Dame, Bube, 9, 8, 7, 6, von hoch"
        " nach tief. Augen: Ass 11, Zehner 10, König 4, Dame 3, Bube 2, der Rest 0: 120"
        " insgesamt.\n\n"
        "**Stiche:** Farbe bekennen; wer nicht kann, muss trumpfen, wenn er Trumpf hat;"
        " sonst beliebig. Niemand muss höher spielen oder übertrumpfen. Der höchste Trumpf"
        " sticht, sonst die höchste Karte der ausgespielten Farbe; wer sticht, spielt"
        " aus."),
    "rules.zuger.bidding": (
        "Spiele, von tief nach hoch: **Tapp** < **Solo** < **Super** < **Vice**.\n\n"
        "• Vorhand (der Spieler nach dem Geber) spricht zuerst; dann geht es reihum, wer"
        " gepasst hat, wird übersprungen.\n"
        "• Solange niemand geboten hat, darf man passen, Tapp oder Solo bieten.\n"
        "• Steht ein Gebot, passt man oder bietet **genau das nächste** Spiel: Solo nach"
        " Tapp, Super nach Solo, Vice nach Super. Kein Springen.\n"
        "• Wer gepasst hat, bietet in diesem Spiel nicht mehr.\n"
        "• Das Reizen endet, wenn ein Gebot steht und die drei anderen gepasst haben, oder"
        " sofort bei Vice. Wer zuletzt geboten hat, ist Alleinspieler.\n"
        "• Passen alle vier, wird eingeworfen: kein Spiel, keine Zahlung, der nächste"
        " gibt."),
    "rules.zuger.play": (
        "**Tapp:** der Alleinspieler nimmt die 4 Karten des Tapps auf (12 Karten), drückt"
        " beliebige 4 verdeckt und bestimmt Trumpf (jede Farbe).\n\n"
        "**Solo, Super, Vice:** der Tapp bleibt verdeckt und ungesehen; der Alleinspieler"
        " bestimmt Trumpf (jede Farbe).\n\n"
        "Der **Alleinspieler spielt aus**; gespielt werden 8 Stiche. Die 4 gedrückten"
        " Karten (Tapp) bzw. die 4 Karten des Tapps (andere Spiele) zählen immer für den"
        " Alleinspieler."),
    "rules.zuger.scoring": (
        "Augen des Alleinspielers = Augen seiner Stiche + Gedrücktes bzw. Tapp.\n"
        "```\n"
        "Spiel   Wert  gewonnen  verloren\n"
        "Tapp     1     ≥ 61     ≤ 59 (60: unentschieden)\n"
        "Solo     2     ≥ 65     ≤ 64\n"
        "Super    4     ≥ 70     ≤ 69\n"
        "Vice     6     ≥ 75     ≤ 74\n"
        "```\n"
        "Der Wert wird vervielfacht, gemessen an der **verlierenden** Seite: **×3**, wenn"
        " sie keinen Stich gemacht hat; sonst **×2**, wenn sie weniger als 21 Augen hat;"
        " sonst ×1.\n\n"
        "Der Alleinspieler bekommt Wert × Faktor × Einsatz von **jedem** der drei Gegner"
        " oder zahlt es jedem.\n\n"
        "Tischoption *Tapp gewonnen mit 65*: Tapp gewinnt dann mit 65 oder mehr und verliert"
        " mit 64 oder weniger; kein Unentschieden.\n\n"
        "Beispiele (Einsatz 1): Tapp mit 73: Alleinspieler +3, die anderen je −1. Super mit"
        " 104, die Gegner 16 Augen und ein Stich: ×2, Alleinspieler +24. Solo mit 64:"
        " Alleinspieler −6. Vice mit allen 8 Stichen: ×3, Alleinspieler +54."),
    # -- Tapp (1879) --------------------------------------------------------------------
    "rules.tapp1879": (
        "**Tapp wie 1879 gespielt** (Anton, *Encyclopädie der Spiele*): **3 Spieler**,"
        " **36 Karten** (Sechs bis Ass), gespielt wird im Uhrzeigersinn. Der Alleinspieler"
        " spielt allein gegen die anderen zwei.\n\n"
        "**Die Kasse:** zu Beginn jedes Spiels, auch eines später eingeworfenen, legt der"
        " Geber die Einlage (Standard 2 Einheiten) in die Kasse. Am Ende der Sitzung wird"
        " die Kasse gleich geteilt; ein Rest geht Chip für Chip an die größten"
        " Verlierer.\n\n"
        "**Geben:** 3 Karten verdeckt in den Tapp, **je 11 Karten** für jeden Spieler.\n\n"
        "**Karten:** Ass, Zehner, König, Dame, Bube, 9 bis 6, von hoch nach tief. Augen: Ass"
        " 11, Zehner 10, König 4, Dame 3, Bube 2: 120 insgesamt.\n\n"
        "**Stiche:** Farbe bekennen; wer nicht kann, muss trumpfen, wenn er Trumpf hat;"
        " sonst beliebig. Niemand muss höher spielen."),
    "rules.tapp1879.bidding": (
        "Spiele, von tief nach hoch: **Coeurfrage** < **Solo** (in schlechter Farbe) <"
        " **Coeursolo**. Wer zuerst bietet, darf jedes davon nennen.\n\n"
        "• Eine Runde, Vorhand zuerst, der Geber zuletzt.\n"
        "• Solange kein Gebot steht, passt man oder bietet; wer bietet, **hält** das"
        " Spiel.\n"
        "• Ein späterer Spieler darf **höher** bieten: dann reizen die beiden. Der Haltende"
        " antwortet zuerst: **halten** (dasselbe Spiel übernehmen; er sitzt vorne, Gleichziehen"
        " genügt), höher bieten oder passen. Der Herausforderer muss dann höher gehen oder"
        " passen; abwechselnd, bis einer passt.\n"
        "• Wer passt, ist für dieses Spiel draußen. Nach dem Reizen geht die Runde beim"
        " Spieler nach dem Herausforderer weiter.\n"
        "• Hat der Geber gesprochen, ist der Haltende Alleinspieler.\n"
        "• Passen alle drei, wird eingeworfen; die Einlage bleibt in der Kasse."),
    "rules.tapp1879.play": (
        "**Coeurfrage:** Herz ist Trumpf. Der Alleinspieler nimmt die 3 Karten des Tapps"
        " auf und drückt beliebige 3 verdeckt.\n\n"
        "**Solo:** der Tapp bleibt ungesehen; der Alleinspieler bestimmt Trumpf: Kreuz, Pik"
        " oder Karo (nicht Herz).\n\n"
        "**Coeursolo:** Herz ist Trumpf; der Tapp bleibt ungesehen.\n\n"
        "**Tout:** bei Solo und Coeursolo darf der Alleinspieler vor der ersten Karte Tout"
        " ansagen. Dann muss er alle 11 Stiche machen, und die Augen zählen nicht mehr.\n\n"
        "**Vorhand** (nicht der Alleinspieler) spielt zum ersten Stich aus; gespielt werden"
        " 11 Stiche. Jedes Spiel gewinnt mit 61 Augen oder mehr."),
    "rules.tapp1879.scoring": (
        "Augen des Alleinspielers P = seine Stiche + der Tapp (bei Coeurfrage die 3"
        " gedrückten Karten), der Tapp aber nur, wenn er mindestens einen Stich gemacht hat;"
        " sonst gehört er den Gegnern. Sei d = P − 60; Brüche werden aufgerundet.\n\n"
        "• **Coeurfrage:** d > 0: jeder Gegner zahlt d/4. d < 0: der Alleinspieler zahlt"
        " −d/4 an jeden Gegner und denselben Betrag einmal in die Kasse. 60: nichts.\n"
        "• **Solo:** gewonnen (61 oder mehr): der Alleinspieler nimmt die **ganze Kasse**"
        " und d/2 von jedem Gegner. Verloren (60 oder weniger): er zahlt so viel in die"
        " Kasse, wie sie enthält (die Kasse verdoppelt sich), und −d/2 an jeden Gegner.\n"
        "• **Coeursolo:** wie Solo, aber der Betrag je Gegner ist d selbst.\n"
        "• **Tout** gewonnen: die ganze Kasse und 60 (Solo) bzw. 120 (Coeursolo) von jedem"
        " Gegner. Verloren (das Spiel endet beim ersten verlorenen Stich): der"
        " Alleinspieler zahlt 60 bzw. 120 an jeden Gegner und verdoppelt die Kasse.\n\n"
        "Beträge in Einheiten × Einsatz. Beispiel: Coeurfrage mit 73: d = 13, 13/4 = 3¼,"
        " also zahlt jeder Gegner 4."),
    # -- Dapp ---------------------------------------------------------------------------
    "rules.dapp": (
        "**Dapp** (Igelsberger Turnierregeln): **3 bis 6 Spieler**, **32 Karten** (Sieben"
        " bis Ass), gespielt wird gegen den Uhrzeigersinn. Der Alleinspieler spielt allein"
        " gegen alle anderen; beim Ramsch spielt jeder für sich.\n\n"
        "**Geben:**\n"
        "```\n"
        "Spieler  Karten je  Dapp\n"
        "   3         10       2\n"
        "   4          7       4\n"
        "   5          6       2\n"
        "   6          5       2\n"
        "```\n"
        "Der Dapp bleibt verdeckt liegen.\n\n"
        "**Karten:** Ass, Zehner, König, Dame, Bube, 9, 8, 7, von hoch nach tief. Augen: Ass"
        " 11, Zehner 10, König 4, Dame 3, Bube 2: 120 insgesamt.\n\n"
        "**Stiche:** Farbe bekennen; wer nicht kann und das Spiel Trumpf hat, muss"
        " trumpfen, wenn er Trumpf hat; sonst beliebig. Niemand muss höher spielen."),
    "rules.dapp.contracts": (
        "Von tief nach hoch, mit ihrem Wert in Einheiten:\n"
        "1. **Ramsch** (1): wenn alle passen; kein Alleinspieler, wenigste Augen.\n"
        "2. **Normales Spiel** (1): Trumpf Kreuz, Pik oder Karo; 61 Augen.\n"
        "3. **Herz-Spiel** (2): Herz ist Trumpf; 61 Augen.\n"
        "4. **Rufer** (4): Trumpf Kreuz, Pik oder Karo; alle Stiche, nach dem Rufen einer"
        " Karte.\n"
        "5. **Bettel** (5): kein Trumpf; kein Stich.\n"
        "6. **Rufer Herz** (6): Herz ist Trumpf; alle Stiche, nach dem Rufen einer Karte.\n"
        "7. **Durch** (8): Trumpf Kreuz, Pik oder Karo; alle Stiche.\n"
        "8. **Durch Herz** (12): Herz ist Trumpf; alle Stiche.\n\n"
        "Der Dapp wird nie aufgenommen. Beim Normalen Spiel und Herz-Spiel zählen seine"
        " Augen für den Alleinspieler."),
    "rules.dapp.bidding": (
        "Eine Runde, Vorhand zuerst, der Geber zuletzt, mit Reizduellen:\n"
        "• Solange niemand geboten hat: **passe** oder **ich spiele**. Das erste *ich"
        " spiele* hält die offene Normal-Stufe (das Spiel wird später genannt).\n"
        "• Ein späterer Spieler darf auch *ich spiele* sagen: ein Duell auf der offenen"
        " Herz-Stufe. Der Haltende antwortet **passe** oder **ich spiele selbst**; nach *ich"
        " spiele selbst* muss der Herausforderer ein Spiel über Herz **nennen** oder passen.\n"
        "• Danach werden Spiele genannt: Rufer, Bettel, Rufer Herz, Durch, Durch Herz. Im"
        " Duell darf der Haltende (der frühere Spieler) **halten** (gleichziehen,"
        " „Vorhand“), höher nennen oder passen; der Herausforderer muss höher nennen oder"
        " passen. Wer passt, ist draußen.\n"
        "• Nach einem Duell geht die Runde nach dem Herausforderer weiter; spätere Spieler"
        " passen oder nennen höher.\n"
        "• Ein bloßer Rufer oder Durch steht auf der Normal-Stufe; der Alleinspieler darf"
        " ihn noch als Rufer Herz bzw. Durch Herz spielen. Einen gehaltenen Rufer schlägt"
        " nur Bettel oder höher.\n"
        "• Passen alle, wird **Ramsch** gespielt.\n\n"
        "Ein offenes Gebot legt der Alleinspieler fest: offene Normal-Stufe, jedes Spiel ab"
        " Normalem Spiel; offene Herz-Stufe, jedes ab Herz-Spiel."),
    "rules.dapp.play": (
        "• **Normal, Herz, Durch:** der Dapp bleibt ungesehen; der Alleinspieler bestimmt"
        " Trumpf, wo er die Wahl hat (Kreuz, Pik oder Karo).\n"
        "• **Rufer:** nach dem Trumpf ruft der Alleinspieler eine Karte, die er nicht hat."
        " Wer sie hält, muss sie abgeben und bekommt dafür eine beliebige Karte aus der Hand"
        " des Alleinspielers (nicht die gerufene). Liegt sie im Dapp, wird nicht getauscht,"
        " und alle erfahren es.\n"
        "• **Bettel:** kein Trumpf. Der Alleinspieler spielt zum ersten Stich verdeckt aus;"
        " nach dem ersten Stich liegt sein Blatt für alle offen.\n"
        "• **Kontra:** ein Gegner darf Kontra sagen (ab dem festgelegten Spiel bis zur"
        " ersten Karte), der Alleinspieler dann Rekontra (bis der erste Stich vollständig"
        " ist). Beim Ramsch darf jeder Kontra sagen und jeder andere Rekontra. Kein Kontra"
        " bei einem Rufer, dessen gerufene Karte im Dapp liegt.\n"
        "• **Vorhand** spielt zum ersten Stich aus, außer beim Bettel: dort der"
        " Alleinspieler."),
    "rules.dapp.scoring": (
        "• **Normales Spiel, Herz-Spiel:** Augen des Alleinspielers = Stiche + Dapp;"
        " gewonnen mit 61 oder mehr, verloren mit 60 oder weniger.\n"
        "• **Rufer, Rufer Herz, Durch, Durch Herz:** nur mit allen Stichen gewonnen.\n"
        "• **Bettel:** nur ohne Stich gewonnen.\n\n"
        "Der Wert V = Spielwert × Einsatz, einmal **verdoppelt** für jedes davon: Kontra;"
        " Rekontra; nur bei Normal und Herz: die verlierende Seite hat weniger als 40 Augen"
        " (Schneider).\n\n"
        "Gewonnen: jeder Gegner zahlt V an den Alleinspieler. Verloren: der Alleinspieler"
        " zahlt V an jeden Gegner.\n\n"
        "Beispiele (Einsatz 1): 4 Spieler, Herz-Spiel gewonnen mit 75: Alleinspieler +6,"
        " die anderen je −2. 3 Spieler, Normales Spiel mit 35 verloren nach Kontra:"
        " 1 ×2 ×2 = 4, Alleinspieler −8."),
    "rules.dapp.ramsch": (
        "Passen alle, wird **Ramsch** gespielt: kein Trumpf, Vorhand spielt aus, Farbe"
        " bekennen oder beliebig; jeder spielt für sich.\n"
        "• Wer den **letzten Stich** macht, bekommt auch die Augen des Dapps.\n"
        "• Wer die **meisten Augen** hat, verliert: er zahlt V (Einsatz × 1, verdoppelt bei"
        " Kontra und nochmals bei Rekontra) an jeden anderen und 2V an jede **Jungfrau**,"
        " einen Spieler ohne Stich.\n"
        "• Gleichstand bei den meisten Augen: von den Gleichen verliert allein, wer den"
        " letzten Stich gemacht hat; hat ihn keiner davon, zahlt jeder von ihnen an jeden,"
        " der nicht gleichauf ist.\n\n"
        "Beispiel: 4 Spieler mit 50, 40, 30 und 0 Augen, der letzte ohne Stich: der erste"
        " zahlt 1, 1 und 2.\n\n"
        "**Ramsch-Schlussrunde** (Tischoption): die Sitzung endet mit einem Ramsch je Spieler. In"
        " diesen Spielen ist nur Durch Herz erlaubt, und alle Zahlungen zählen doppelt."),
    # -- Württemberg Tapp ---------------------------------------------------------------
    "rules.wuerttemberg": (
        "**Württemberger Tapp** (Württembergischer Tarock): **3 oder 4 Spieler**, **36"
        " Karten** (Tischoption: 32), gespielt wird gegen den Uhrzeigersinn. Der"
        " Alleinspieler spielt allein gegen alle anderen; beim Ramsch spielt jeder für"
        " sich.\n\n"
        "**Geben:**\n"
        "```\n"
        "Spieler  Blatt  Karten je  Tapp\n"
        "   3       36      11       3\n"
        "   4       36       8       4\n"
        "   3       32      10       2\n"
        "   4       32       7       4\n"
        "```\n"
        "Der Tapp bleibt verdeckt und wird nie aufgenommen; im Farbspiel zählen seine Augen"
        " für den Alleinspieler.\n\n"
        "**Karten:** Ass, Zehner, König, Dame, Bube, 9 bis 6, von hoch nach tief. Augen: Ass"
        " 11, Zehner 10, König 4, Dame 3, Bube 2: 120 insgesamt.\n\n"
        "**Stiche:** Farbe bekennen; wer nicht kann, muss trumpfen, wenn er Trumpf hat;"
        " sonst beliebig. Kein Stichzwang: niemand muss höher spielen."),
    "rules.wuerttemberg.contracts": (
        "Von tief nach hoch, mit ihrem Wert in Einheiten:\n"
        "1. **Farbspiel** Kreuz, Pik oder Karo (1): 61 Augen.\n"
        "2. **Farbspiel Herz** (2): 61 Augen.\n"
        "3. **Bettel** (3): kein Trumpf; kein Stich.\n"
        "4. **Rufer** Kreuz, Pik oder Karo (3): alle Stiche; eine Karte darf gerufen"
        " werden.\n"
        "5. **Rufer Herz** (6): dasselbe mit Herz als Trumpf.\n"
        "6. **Bettel ouvert** (6): Bettel mit offenem Blatt.\n"
        "7. **Durch** Kreuz, Pik oder Karo (6): alle Stiche.\n"
        "8. **Durch Herz** (12): alle Stiche, Herz ist Trumpf.\n\n"
        "**Ramsch** (1, eine Jungfrau bekommt 2), wenn niemand spielt."),
    "rules.wuerttemberg.bidding": (
        "Das Reizen hat zwei Runden. Vorhand ist der Spieler nach dem Geber.\n\n"
        "1. **Ansagen:** beginnend beim Spieler nach Vorhand, so dass Vorhand **zuletzt**"
        " spricht, sagt jeder **ich spiele** oder **weg**.\n"
        "2. **Nennen:** in derselben Reihenfolge nennt jeder, der *ich spiele* gesagt hat,"
        " sein Spiel (noch ohne Trumpffarbe). Die Ansagen sind öffentlich und bindend.\n\n"
        "Das höchste Spiel gewinnt. Bei gleichen Spielen geht es nach der Sitzfolge ab"
        " Vorhand: Vorhand zuerst, der Geber zuletzt.\n\n"
        "Sagt niemand *ich spiele*, wird **Ramsch** gespielt.\n\n"
        "Beispiel: genannt werden Rufer, Farbspiel Herz und, von Vorhand, Rufer: Vorhand"
        " spielt den Rufer."),
    "rules.wuerttemberg.play": (
        "• Der Alleinspieler bestimmt Trumpf, wo das Spiel die Wahl lässt (Kreuz, Pik oder"
        " Karo).\n"
        "• **Rufer:** nach dem Trumpf **darf** der Alleinspieler eine Karte rufen, die ihm"
        " fehlt. Der Gegner, der sie hat, muss sie abgeben und bekommt dafür eine Karte"
        " nach Wahl des Alleinspielers (nicht die gerufene). Liegt sie im Tapp: Pech, kein"
        " Tausch.\n"
        "• **Vorhand** spielt in jedem Spiel zum ersten Stich aus, außer beim Bettel"
        " ouvert.\n"
        "• **Bettel ouvert:** der Alleinspieler spielt verdeckt aus; sobald diese Karte"
        " liegt, ist sein Blatt für alle offen.\n"
        "• Bettel, Bettel ouvert und Ramsch haben keinen Trumpf: Farbe bekennen, sonst"
        " beliebig."),
    "rules.wuerttemberg.scoring": (
        "• **Farbspiel, Farbspiel Herz:** Augen des Alleinspielers = Stiche + Tapp;"
        " gewonnen mit 61 oder mehr; 60 verliert.\n"
        "• **Rufer, Rufer Herz, Durch, Durch Herz:** nur mit allen Stichen gewonnen.\n"
        "• **Bettel, Bettel ouvert:** nur ohne Stich gewonnen.\n"
        "Gewonnen: jeder Gegner zahlt den Wert an den Alleinspieler. Verloren: der"
        " Alleinspieler zahlt ihn an jeden anderen. Kein Schneider, kein Kontra.\n\n"
        "**Ramsch:** kein Trumpf, Vorhand spielt aus; wer den letzten Stich macht, bekommt"
        " auch den Tapp. Wer die meisten Augen hat, zahlt 1 Einheit an jeden anderen und 2"
        " an jede **Jungfrau** (Jungfer), einen Spieler ohne Stich. Gleichstand: von den"
        " Gleichen zahlt allein, wer den letzten Stich gemacht hat; hat ihn keiner davon,"
        " zahlt jeder von ihnen an jeden, der nicht gleichauf ist.\n\n"
        "Beispiele (4 Spieler, Einsatz 1): Farbspiel gewonnen mit 70: Alleinspieler +3."
        " Farbspiel Herz verloren mit 60: Alleinspieler −6. Durch Herz gewonnen:"
        " Alleinspieler +36."),
    "rules.wuerttemberg.options": (
        "• **32 Karten:** Sieben bis Ass; Blätter wie auf der ersten Seite.\n"
        "• **Herz aufnehmen** (Meyers 1909): ein zusätzliches unterstes Spiel, Wert 1: Herz"
        " ist Trumpf; der Alleinspieler nimmt den Tapp auf und drückt ebenso viele Karten"
        " verdeckt, die für ihn zählen.\n"
        "• **Herz-Ass-Ende:** sagt ein Spieler das Ende an, wird das nächste Spiel normal"
        " gespielt; wer darin das Herz-Ass bekommen hat, gibt das folgende, das letzte mit"
        " Reizen (lag das Ass im Tapp, entscheidet das nächste Spiel). Danach gibt jeder"
        " einmal einen Pflicht-Ramsch (ohne Reizen, normale Zahlungen), und die Sitzung"
        " endet."),
    # -- die Wörter des Spiels, je eine Zeile (eine Seite jeder Variante) ---------------
    "rules.section.words": "Begriffe",
    "rules.zuger.words": (
        "Die Wörter des Spiels, wie der Bot sie zeigt:\n"
        "• **Passe**: du bietest nicht; wer passt, ist beim Reizen draußen.\n"
        "• **Tapp**: die 4 verdeckt gegebenen Karten.\n"
        "• **Tapp** (Spiel): den Tapp aufnehmen, 4 drücken, Trumpf bestimmen; 61 Augen"
        " gewinnen (Tischoption: 65).\n"
        "• **Solo**: der Tapp bleibt ungesehen; du bestimmst Trumpf und brauchst 65"
        " Augen.\n"
        "• **Super**: wie Solo, aber du brauchst 70 Augen.\n"
        "• **Vice**: wie Solo, aber du brauchst 75 Augen; beendet das Reizen.\n"
        "• **Schneider**: die verlierende Seite hat weniger als 21 Augen: Wert ×2.\n"
        "• **Schwarz**: die verlierende Seite hat keinen Stich: Wert ×3.\n"
        "• **Vorhand**: der Spieler nach dem Geber; spricht zuerst."),
    "rules.tapp1879.words": (
        "Die Wörter des Spiels, wie der Bot sie zeigt:\n"
        "• **Passe**: du bietest nicht; wer passt, ist für dieses Spiel draußen.\n"
        "• **Coeurfrage**: „Frage in Herz“, das unterste Spiel: Herz ist Trumpf; du nimmst"
        " den Tapp auf und drückst 3.\n"
        "• **Solo**: der Tapp bleibt ungesehen; du bestimmst Trumpf, nicht Herz („in"
        " schlechter Farbe“).\n"
        "• **Coeursolo**: ein Solo mit Herz als Trumpf, das höchste Spiel.\n"
        "• **Halte**: der Haltende übernimmt das Spiel des Herausforderers auf derselben"
        " Stufe: er sitzt vorne, Gleichziehen genügt.\n"
        "• **Tout**: „alles“, angesagt bei Solo oder Coeursolo: du musst alle 11 Stiche"
        " machen, für eine viel höhere Zahlung.\n"
        "• **Tapp**: die 3 verdeckt gegebenen Karten.\n"
        "• **Vorhand**: der Spieler nach dem Geber; spricht zuerst und spielt aus."),
    "rules.dapp.words": (
        "Die Wörter des Spiels, wie der Bot sie zeigt:\n"
        "• **Passe**: du bietest nicht; wer passt, ist draußen.\n"
        "• **Ich spiele**: ein Gebot, das das Spiel offen lässt; von einem späteren"
        " Spieler gesagt, ein Duell.\n"
        "• **Selbst**: die Antwort des Haltenden im Duell: das Spiel bleibt auf der"
        " Herz-Stufe.\n"
        "• **Halte**: der Haltende zieht mit dem Gebot des Herausforderers gleich (auch"
        " „Vorhand“).\n"
        "• **Normales Spiel**: Trumpf Kreuz, Pik oder Karo; 61 Augen.\n"
        "• **Herz-Spiel**: dasselbe mit Herz als Trumpf, doppelt so viel wert.\n"
        "• **Rufer**: eine fehlende Karte rufen (wer sie hat, tauscht), dann alle Stiche"
        " machen.\n"
        "• **Rufer Herz**: ein Rufer mit Herz als Trumpf.\n"
        "• **Bettel**: kein Trumpf; kein Stich; dein Blatt liegt nach dem ersten Stich"
        " offen.\n"
        "• **Durch**: alle Stiche machen, ohne eine Karte zu rufen.\n"
        "• **Durch Herz**: Durch mit Herz als Trumpf, das höchste Spiel.\n"
        "• **Ramsch**: wenn alle passen: kein Trumpf, jeder für sich; die meisten Augen"
        " zahlen.\n"
        "• **Jungfrau**: beim Ramsch ein Spieler ohne Stich; bekommt doppelt.\n"
        "• **Kontra**: verdoppelt die Zahlung, gegen den Alleinspieler (beim Ramsch von"
        " jedem); **Rekontra** verdoppelt nochmals.\n"
        "• **Schneider**: bei Normal und Herz hat die verlierende Seite unter 40 Augen:"
        " ×2.\n"
        "• **Dapp**: die verdeckten Karten auf dem Tisch, nie aufgenommen."),
    "rules.wuerttemberg.words": (
        "Die Wörter des Spiels, wie der Bot sie zeigt:\n"
        "• **Ich spiele** (spiele): du willst spielen; danach nennst du dein Spiel.\n"
        "• **Weg**: du spielst in diesem Spiel nicht.\n"
        "• **Farbspiel**: du bestimmst Trumpf (Kreuz, Pik oder Karo); 61 Augen mit dem"
        " Tapp.\n"
        "• **Farbspiel Herz**: dasselbe mit Herz als Trumpf, doppelt so viel wert.\n"
        "• **Bettel**: kein Trumpf; kein Stich.\n"
        "• **Bettel ouvert**: Bettel mit offenem Blatt ab deiner ersten Karte.\n"
        "• **Rufer**: alle Stiche machen; vorher darfst du eine fehlende Karte rufen, wer"
        " sie hat, tauscht.\n"
        "• **Rufer Herz**: ein Rufer mit Herz als Trumpf.\n"
        "• **Durch**: alle Stiche machen, ohne Rufen.\n"
        "• **Durch Herz**: Durch mit Herz als Trumpf, das höchste Spiel.\n"
        "• **Herz aufnehmen** (Tischoption): Herz ist Trumpf; den Tapp aufnehmen und"
        " ebenso viele Karten drücken; 61 Augen.\n"
        "• **Ramsch**: wenn niemand spielt: kein Trumpf, jeder für sich; die meisten Augen"
        " zahlen.\n"
        "• **Jungfrau** (Jungfer): beim Ramsch ein Spieler ohne Stich; bekommt doppelt.\n"
        "• **Tapp**: die verdeckten Karten auf dem Tisch; im Farbspiel zählen ihre Augen"
        " für den Alleinspieler."),
}

SV: dict[str, str] = {
    "rules.heading": "{variant} · {section}",
    "rules.page": "Sida {n}/{pages}",
    "rules.button.previous": "◀ Föregående",
    "rules.button.next": "Nästa ▶",
    "rules.select": "Gå till en sida",
    "rules.section.overview": "Översikt och giv",
    "rules.section.contracts": "Spel",
    "rules.section.bidding": "Budgivning",
    "rules.section.play": "Före spelet och spelet",
    "rules.section.scoring": "Räkning och betalning",
    "rules.section.ramsch": "Ramsch",
    "rules.section.options": "Bordsval",
    # -- Zuger Tapp ---------------------------------------------------------------------
    "rules.zuger": (
        "**Zuger Tapp** (Zug, Schweiz): **4 spelare**, **36 kort** (sexa till ess), spelet"
        " går moturs. Spelföraren spelar alltid ensam mot de tre andra.\n\n"
        "**Giv:** 4 kort med baksidan upp i talongen, **8 kort** till varje spelare.\n\n"
        "**Kort:** i varje färg ess, tia, kung, dam, knekt, 9, 8, 7, 6, från högst till"
        " lägst. Poäng: ess 11, tia 10, kung 4, dam 3, knekt 2, resten 0: 120 totalt.\n\n"
        "**Stick:** bekänn färg; kan du inte, måste du trumfa om du har trumf; annars valfritt"
        " kort. Ingen måste ta över sticket eller sticka över med trumf. Högsta trumf tar sticket,"
        " annars högsta kortet i den utspelade färgen; vinnaren spelar ut nästa."),
    "rules.zuger.bidding": (
        "Spel, från lägst till högst: **Tapp** < **Solo** < **Super** < **Vice**.\n\n"
        "• Förhand (spelaren efter given) talar först; sedan går turen runt, och den som"
        " har passat hoppas över.\n"
        "• Så länge ingen har bjudit får man passa, bjuda Tapp eller bjuda Solo.\n"
        "• När ett bud står passar man eller bjuder **exakt nästa** spel: Solo efter Tapp,"
        " Super efter Solo, Vice efter Super. Inga hopp.\n"
        "• Den som passat bjuder inte mer i given.\n"
        "• Budgivningen slutar när ett bud står och de tre andra har passat, eller direkt"
        " vid Vice. Den som bjöd sist blir spelförare.\n"
        "• Passar alla fyra kastas given: inget spel, ingen betalning, nästa spelare"
        " ger."),
    "rules.zuger.play": (
        "**Tapp:** spelföraren tar upp talongens 4 kort (12 kort), lägger bort valfria 4"
        " med baksidan upp och väljer trumf (vilken färg som helst).\n\n"
        "**Solo, Super, Vice:** talongen ligger kvar osedd; spelföraren väljer trumf"
        " (vilken färg som helst).\n\n"
        "**Spelföraren spelar ut** till första sticket; 8 stick spelas. De 4 bortlagda"
        " korten (Tapp) eller talongens 4 kort (övriga spel) räknas alltid för"
        " spelföraren."),
    "rules.zuger.scoring": (
        "Spelförarens poäng = poängen i spelförarens stick + de bortlagda korten eller"
        " talongen.\n"
        "```\n"
        "Spel   Värde  vinst   förlust\n"
        "Tapp     1    ≥ 61    ≤ 59 (60: oavgjort)\n"
        "Solo     2    ≥ 65    ≤ 64\n"
        "Super    4    ≥ 70    ≤ 69\n"
        "Vice     6    ≥ 75    ≤ 74\n"
        "```\n"
        "Värdet multipliceras efter den **förlorande** sidan: **×3** om den inte tog något"
        " stick; annars **×2** om den tog under 21 poäng; annars ×1.\n\n"
        "Spelföraren får värde × faktor × insats av **var och en** av de tre"
        " motspelarna, eller betalar det till var och en.\n\n"
        "Bordsval *Tapp vinns med 65*: Tapp vinns då med 65 eller mer och förloras med 64"
        " eller mindre; inget oavgjort.\n\n"
        "Exempel (insats 1): Tapp med 73: spelföraren +3, de andra −1 var. Super med 104,"
        " motspelarna 16 poäng och ett stick: ×2, spelföraren +24. Solo med 64:"
        " spelföraren −6. Vice med alla 8 stick: ×3, spelföraren +54."),
    # -- Tapp (1879) --------------------------------------------------------------------
    "rules.tapp1879": (
        "**Tapp som det spelades 1879** (Anton, *Encyclopädie der Spiele*): **3 spelare**,"
        " **36 kort** (sexa till ess), spelet går medurs. Spelföraren spelar ensam mot de"
        " två andra.\n\n"
        "**Potten:** i början av varje giv, även en som sedan kastas, lägger givaren"
        " pottinsatsen (standard 2 enheter) i potten. När sessionen slutar delas potten lika;"
        " en rest går mark för mark till de största förlorarna.\n\n"
        "**Giv:** 3 kort med baksidan upp i talongen (der Tapp), **11 kort** till varje"
        " spelare.\n\n"
        "**Kort:** ess, tia, kung, dam, knekt, 9 till 6, från högst till lägst. Poäng: ess"
        " 11, tia 10, kung 4, dam 3, knekt 2: 120 totalt.\n\n"
        "**Stick:** bekänn färg; kan du inte, måste du trumfa om du har trumf; annars valfritt"
        " kort. Ingen måste ta över sticket."),
    "rules.tapp1879.bidding": (
        "Spel, från lägst till högst: **Coeurfrage** (Begär i hjärter) < **Solo** (i dålig"
        " färg) < **Coeursolo**. Den som bjuder först får nämna vilket som helst.\n\n"
        "• Ett varv, förhand först och givaren sist.\n"
        "• Så länge inget bud står passar man eller bjuder; den som bjuder **håller**"
        " budet.\n"
        "• En senare spelare får bjuda **högre**: då tävlar de två. Den som håller svarar"
        " först: **håller** (tar samma spel; han sitter före, så det räcker att matcha),"
        " bjuder högre eller passar. Utmanaren måste sedan bjuda högre eller passa;"
        " växelvis tills en passar.\n"
        "• Den som passar är ute ur given. Efter en tävlan fortsätter varvet med spelaren"
        " efter utmanaren.\n"
        "• När givaren har talat är den som håller spelförare.\n"
        "• Passar alla tre kastas given; pottinsatsen stannar i potten."),
    "rules.tapp1879.play": (
        "**Coeurfrage:** hjärter är trumf. Spelföraren tar upp talongens 3 kort och lägger"
        " bort valfria 3 med baksidan upp.\n\n"
        "**Solo:** talongen ligger kvar osedd; spelföraren väljer trumf: klöver, spader"
        " eller ruter (inte hjärter).\n\n"
        "**Coeursolo:** hjärter är trumf; talongen ligger kvar osedd.\n\n"
        "**Tout:** i Solo och Coeursolo får spelföraren meddela tout före första kortet. Då"
        " måste alla 11 stick tas, och poängen räknas inte längre.\n\n"
        "**Förhand** (inte spelföraren) spelar ut till första sticket; 11 stick spelas."
        " Varje spel vinns med 61 poäng eller mer."),
    "rules.tapp1879.scoring": (
        "Spelförarens poäng P = spelförarens stick + talongen (i Coeurfrage de 3 bortlagda"
        " korten), men talongen räknas bara om spelföraren tog minst ett stick; annars går"
        " den till motspelarna. Låt d = P − 60; bråk avrundas uppåt.\n\n"
        "• **Coeurfrage:** d > 0: varje motspelare betalar d/4. d < 0: spelföraren betalar"
        " −d/4 till varje motspelare och samma belopp en gång till potten. 60: inget.\n"
        "• **Solo:** vunnen (61 eller mer): spelföraren tar **hela potten** och d/2 av varje"
        " motspelare. Förlorad (60 eller mindre): spelföraren betalar lika mycket som potten"
        " innehåller till den (potten dubblas) och −d/2 till varje motspelare.\n"
        "• **Coeursolo:** som Solo, men beloppet per motspelare är d självt.\n"
        "• **Tout** vunnen: hela potten och 60 (Solo) eller 120 (Coeursolo) av varje"
        " motspelare. Förlorad (given slutar vid första förlorade sticket): spelföraren"
        " betalar 60 eller 120 till varje motspelare och dubblar potten.\n\n"
        "Belopp i enheter × insats. Exempel: Coeurfrage med 73: d = 13, 13/4 = 3¼, så"
        " varje motspelare betalar 4."),
    # -- Dapp ---------------------------------------------------------------------------
    "rules.dapp": (
        "**Dapp** (turneringsreglerna från Igelsberg): **3 till 6 spelare**, **32 kort**"
        " (sjua till ess), spelet går moturs. Spelföraren spelar ensam mot alla andra; i"
        " Ramsch spelar var och en för sig.\n\n"
        "**Giv:**\n"
        "```\n"
        "Spelare  Kort var  Talong\n"
        "   3        10       2\n"
        "   4         7       4\n"
        "   5         6       2\n"
        "   6         5       2\n"
        "```\n"
        "Talongen (der Dapp) ligger med baksidan upp.\n\n"
        "**Kort:** ess, tia, kung, dam, knekt, 9, 8, 7, från högst till lägst. Poäng: ess"
        " 11, tia 10, kung 4, dam 3, knekt 2: 120 totalt.\n\n"
        "**Stick:** bekänn färg; kan du inte och spelet har trumf, måste du trumfa om du har"
        " trumf; annars valfritt kort. Ingen måste ta över sticket."),
    "rules.dapp.contracts": (
        "Från lägst till högst, med sitt värde i enheter:\n"
        "1. **Ramsch** (1): när alla passar; ingen spelförare, minst poäng.\n"
        "2. **Normales Spiel** (1): trumf klöver, spader eller ruter; 61 poäng.\n"
        "3. **Herz-Spiel** (2): hjärter trumf; 61 poäng.\n"
        "4. **Rufer** (4): trumf klöver, spader eller ruter; alla stick, efter att ett kort"
        " kallats.\n"
        "5. **Bettel** (5): ingen trumf; inget stick.\n"
        "6. **Rufer Herz** (6): hjärter trumf; alla stick, efter att ett kort kallats.\n"
        "7. **Durch** (8): trumf klöver, spader eller ruter; alla stick.\n"
        "8. **Durch Herz** (12): hjärter trumf; alla stick.\n\n"
        "Talongen tas aldrig upp. I Normales Spiel och Herz-Spiel räknas dess poäng för"
        " spelföraren."),
    "rules.dapp.bidding": (
        "Ett varv, förhand först och givaren sist, med dueller:\n"
        "• Så länge ingen har bjudit: **pass** eller **jag spelar**. Första *jag spelar*"
        " håller den öppna Normal-nivån (spelet namnges senare).\n"
        "• En senare spelare får också säga *jag spelar*: en duell på den öppna"
        " Herz-nivån. Den som håller svarar **pass** eller **jag spelar själv**; efter *jag"
        " spelar själv* måste utmanaren **namnge** ett spel över Herz eller passa.\n"
        "• Därefter namnges spel: Rufer, Bettel, Rufer Herz, Durch, Durch Herz. I en duell"
        " får den som håller (den tidigare spelaren) **hålla** (matcha, \"Vorhand\"),"
        " namnge högre eller passa; utmanaren måste namnge högre eller passa. Den som"
        " passar är ute.\n"
        "• Efter en duell fortsätter varvet efter utmanaren; senare spelare passar eller"
        " namnger högre.\n"
        "• En enkel Rufer eller Durch står på Normal-nivån; spelföraren får ändå spela den"
        " som Rufer Herz eller Durch Herz. En hållen Rufer slås bara av Bettel eller"
        " högre.\n"
        "• Passar alla spelas **Ramsch**.\n\n"
        "Ett öppet slutbud bestämmer spelföraren: öppen Normal, vilket spel som helst från"
        " Normales Spiel; öppen Herz, vilket som helst från Herz-Spiel."),
    "rules.dapp.play": (
        "• **Normal, Herz, Durch:** talongen ligger kvar osedd; spelföraren väljer trumf"
        " där det finns ett val (klöver, spader eller ruter).\n"
        "• **Rufer:** efter trumfvalet kallar spelföraren ett kort som inte finns på handen."
        " Den som har det måste lämna över det och får valfritt kort ur spelförarens hand"
        " tillbaka (inte det kallade). Ligger det i talongen blir det inget byte, och alla"
        " får veta det.\n"
        "• **Bettel:** ingen trumf. Spelföraren spelar ut till första sticket med dold"
        " hand; efter första sticket ligger spelförarens hand öppen för alla.\n"
        "• **Kontra:** en motspelare får säga Kontra (från att spelet är bestämt till"
        " första kortet), spelföraren sedan Rekontra (tills första sticket är klart). I"
        " Ramsch får vem som helst säga Kontra och någon annan Rekontra. Inget Kontra i en"
        " Rufer vars kallade kort ligger i talongen.\n"
        "• **Förhand** spelar ut till första sticket, utom i Bettel, där spelföraren"
        " spelar ut."),
    "rules.dapp.scoring": (
        "• **Normales Spiel, Herz-Spiel:** spelförarens poäng = stick + talong; vinns med"
        " 61 eller mer, förloras med 60 eller mindre.\n"
        "• **Rufer, Rufer Herz, Durch, Durch Herz:** vinns bara med alla stick.\n"
        "• **Bettel:** vinns bara utan stick.\n\n"
        "Värdet V = spelets värde × insats, **dubblat** en gång för varje: Kontra;"
        " Rekontra; bara i Normal och Herz: den förlorande sidan tog under 40 poäng"
        " (Schneider).\n\n"
        "Vunnet: varje motspelare betalar V till spelföraren. Förlorat: spelföraren betalar"
        " V till varje motspelare.\n\n"
        "Exempel (insats 1): 4 spelare, Herz-Spiel vunnet med 75: spelföraren +6, de andra"
        " −2 var. 3 spelare, Normales Spiel förlorat med 35 efter Kontra: 1 ×2 ×2 = 4,"
        " spelföraren −8."),
    "rules.dapp.ramsch": (
        "Passar alla spelas **Ramsch**: ingen trumf, förhand spelar ut, bekänn färg eller"
        " spela valfritt; var och en spelar för sig.\n"
        "• Den som tar **sista sticket** får också talongens poäng.\n"
        "• Den med **flest poäng** förlorar: betalar V (insats × 1, dubblat vid Kontra och"
        " igen vid Rekontra) till varje annan spelare och 2V till varje **Jungfrau**, en"
        " spelare som inte tog något stick.\n"
        "• Lika om flest poäng: av de lika förlorar den ensam som tog sista sticket; gjorde"
        " ingen av dem det, betalar var och en av dem till alla som inte ligger lika.\n\n"
        "Exempel: 4 spelare med 50, 40, 30 och 0 poäng, den sista utan stick: den första"
        " betalar 1, 1 och 2.\n\n"
        "**Avslutande Ramsch-runda** (bordsval): sessionen slutar med en Ramsch-giv per spelare. I"
        " de givarna är Durch Herz det enda budet, och alla betalningar dubblas."),
    # -- Württemberg Tapp ---------------------------------------------------------------
    "rules.wuerttemberg": (
        "**Württembergsk tapp** (Württembergischer Tarock): **3 eller 4 spelare**, **36"
        " kort** (bordsval: 32), spelet går moturs. Spelföraren spelar ensam mot alla"
        " andra; i Ramsch spelar var och en för sig.\n\n"
        "**Giv:**\n"
        "```\n"
        "Spelare  Kortlek  Kort var  Tapp\n"
        "   3        36       11      3\n"
        "   4        36        8      4\n"
        "   3        32       10      2\n"
        "   4        32        7      4\n"
        "```\n"
        "Tappen ligger med baksidan upp och tas aldrig upp; i Farbspiel räknas dess poäng"
        " för spelföraren.\n\n"
        "**Kort:** ess, tia, kung, dam, knekt, 9 till 6, från högst till lägst. Poäng: ess"
        " 11, tia 10, kung 4, dam 3, knekt 2: 120 totalt.\n\n"
        "**Stick:** bekänn färg; kan du inte, måste du trumfa om du har trumf; annars valfritt"
        " kort. Inget stickkrav: ingen måste ta över sticket."),
    "rules.wuerttemberg.contracts": (
        "Från lägst till högst, med sitt värde i enheter:\n"
        "1. **Farbspiel** Kreuz, Pik eller Karo (1): 61 poäng.\n"
        "2. **Farbspiel Herz** (2): 61 poäng.\n"
        "3. **Bettel** (3): ingen trumf; inget stick.\n"
        "4. **Rufer** Kreuz, Pik eller Karo (3): alla stick; ett kort får kallas.\n"
        "5. **Rufer Herz** (6): samma med hjärter som trumf.\n"
        "6. **Bettel ouvert** (6): Bettel med öppen hand.\n"
        "7. **Durch** Kreuz, Pik eller Karo (6): alla stick.\n"
        "8. **Durch Herz** (12): alla stick, hjärter trumf.\n\n"
        "**Ramsch** (1, en Jungfrau får 2) när ingen spelar."),
    "rules.wuerttemberg.bidding": (
        "Budgivningen har två steg. Förhand är spelaren efter given.\n\n"
        "1. **Anmäla:** med början hos spelaren efter förhand, så att förhand talar"
        " **sist**, säger alla **jag spelar** (spiele) eller **pass** (weg).\n"
        "2. **Deklarera:** i samma ordning namnger alla som sa *jag spelar* det spel de"
        " vill spela (ännu utan trumffärg). Deklarationerna är öppna och bindande.\n\n"
        "Det högsta spelet vinner. Vid lika spel går företrädet i sittordning från"
        " förhand: förhand först, givaren sist.\n\n"
        "Säger ingen *jag spelar* spelas **Ramsch**.\n\n"
        "Exempel: deklarationerna är Rufer, Farbspiel Herz och, från förhand, Rufer:"
        " förhand spelar Rufer."),
    "rules.wuerttemberg.play": (
        "• Spelföraren väljer trumf där spelet lämnar ett val (Kreuz, Pik eller Karo).\n"
        "• **Rufer:** efter trumfvalet **får** spelföraren kalla ett kort som saknas på"
        " handen. Motspelaren som har det måste lämna över det och får tillbaka ett kort"
        " som spelföraren väljer (inte det kallade). Ligger det i Tappen: otur, inget"
        " byte.\n"
        "• **Förhand** spelar ut till första sticket i alla spel utom Bettel ouvert.\n"
        "• **Bettel ouvert:** spelföraren spelar ut med dold hand; så snart kortet är spelat"
        " ligger spelförarens hand öppen för alla.\n"
        "• Bettel, Bettel ouvert och Ramsch har ingen trumf: bekänn färg, annars valfritt"
        " kort."),
    "rules.wuerttemberg.scoring": (
        "• **Farbspiel, Farbspiel Herz:** spelförarens poäng = stick + Tapp; vinns med 61"
        " eller mer; 60 förlorar.\n"
        "• **Rufer, Rufer Herz, Durch, Durch Herz:** vinns bara med alla stick.\n"
        "• **Bettel, Bettel ouvert:** vinns bara utan stick.\n"
        "Vunnet: varje motspelare betalar värdet till spelföraren. Förlorat: spelföraren"
        " betalar det till varje annan spelare. Ingen Schneider, inget Kontra.\n\n"
        "**Ramsch:** ingen trumf, förhand spelar ut; den som tar sista sticket får också"
        " Tappen. Den med flest poäng betalar 1 enhet till varje annan spelare och 2 till"
        " varje **Jungfrau** (Jungfer), en spelare utan stick. Lika: av de lika betalar den"
        " ensam som tog sista sticket; gjorde ingen av dem det, betalar var och en av dem"
        " till alla som inte ligger lika.\n\n"
        "Exempel (4 spelare, insats 1): Farbspiel vunnet med 70: spelföraren +3. Farbspiel"
        " Herz förlorat med 60: spelföraren −6. Durch Herz vunnet: spelföraren +36."),
    "rules.wuerttemberg.options": (
        "• **32 kort:** sjua till ess; händer som på första sidan.\n"
        "• **Herz aufnehmen** (Meyers 1909): ett extra lägsta spel, värde 1: hjärter trumf;"
        " spelföraren tar upp Tappen och lägger bort lika många kort med baksidan upp, som"
        " räknas för spelföraren.\n"
        "• **Herz-Ass-slut:** när en spelare begär slut spelas nästa giv som vanligt; den"
        " som fick hjärter ess i den ger nästa, den sista given med budgivning (låg esset i"
        " Tappen avgör nästa giv). Sedan ger varje spelare en gång en tvingad Ramsch (ingen"
        " budgivning, vanliga betalningar), och sessionen slutar."),
    # -- spelets ord, ett per rad (en sida i varje variant) -----------------------------
    "rules.section.words": "Ordlista",
    "rules.zuger.words": (
        "Spelets egna ord, som boten visar dem:\n"
        "• **Pass**: du bjuder inte; den som passar är ute ur budgivningen.\n"
        "• **Tapp**: talongen, de 4 korten med baksidan upp.\n"
        "• **Tapp** (spel): ta upp talongen, lägg bort 4, välj trumf; 61 poäng vinner"
        " (bordsval: 65).\n"
        "• **Solo**: talongen ligger kvar osedd; du väljer trumf och behöver 65 poäng.\n"
        "• **Super**: som Solo, men du behöver 70 poäng.\n"
        "• **Vice**: som Solo, men du behöver 75 poäng; budet avslutar budgivningen.\n"
        "• **Schneider**: den förlorande sidan tog under 21 poäng: värdet ×2.\n"
        "• **Schwarz**: den förlorande sidan tog inget stick: värdet ×3.\n"
        "• **Vorhand**: förhand, spelaren efter givaren; talar först."),
    "rules.tapp1879.words": (
        "Spelets egna ord, som boten visar dem:\n"
        "• **Pass**: du bjuder inte; den som passar är ute ur given.\n"
        "• **Coeurfrage**: \"begär i hjärter\", det lägsta spelet: hjärter är trumf; du tar"
        " upp talongen och lägger bort 3.\n"
        "• **Solo**: talongen ligger kvar osedd; du väljer trumf, inte hjärter (\"i dålig"
        " färg\").\n"
        "• **Coeursolo**: ett Solo med hjärter som trumf, det högsta spelet.\n"
        "• **Håller**: den som håller tar utmanarens spel på samma nivå: han sitter före,"
        " så det räcker att matcha.\n"
        "• **Tout**: \"allt\", meddelat i Solo eller Coeursolo: du måste ta alla 11 stick,"
        " för en mycket högre betalning.\n"
        "• **Tapp**: talongen, de 3 korten med baksidan upp.\n"
        "• **Vorhand**: förhand, spelaren efter givaren; talar först och spelar ut."),
    "rules.dapp.words": (
        "Spelets egna ord, som boten visar dem:\n"
        "• **Pass**: du bjuder inte; den som passar är ute.\n"
        "• **Jag spelar**: ett bud som lämnar spelet öppet; sagt av en senare spelare, en"
        " utmaning.\n"
        "• **Jag spelar själv**: svaret från den som håller: spelet stannar på"
        " Herz-nivån.\n"
        "• **Håller**: den som håller matchar utmanarens bud (sägs också \"Vorhand\").\n"
        "• **Normales Spiel**: trumf klöver, spader eller ruter; 61 poäng.\n"
        "• **Herz-Spiel**: samma med hjärter som trumf, dubbelt värt.\n"
        "• **Rufer**: kalla ett kort du saknar (den som har det byter), ta sedan alla"
        " stick.\n"
        "• **Rufer Herz**: en Rufer med hjärter som trumf.\n"
        "• **Bettel**: ingen trumf; inget stick; din hand visas efter första sticket.\n"
        "• **Durch**: ta alla stick, utan att kalla ett kort.\n"
        "• **Durch Herz**: Durch med hjärter som trumf, det högsta spelet.\n"
        "• **Ramsch**: när alla passar: ingen trumf, var och en för sig; flest poäng"
        " betalar.\n"
        "• **Jungfrau**: i Ramsch en spelare utan stick; får dubbelt.\n"
        "• **Kontra**: dubblar betalningen, sagt mot spelföraren (i Ramsch av vem som"
        " helst); **Rekontra** dubblar igen.\n"
        "• **Schneider**: i Normal och Herz tog den förlorande sidan under 40 poäng: ×2.\n"
        "• **Dapp**: talongen, med baksidan upp, tas aldrig upp."),
    "rules.wuerttemberg.words": (
        "Spelets egna ord, som boten visar dem:\n"
        "• **Jag spelar** (spiele): du vill spela; sedan nämner du ditt spel.\n"
        "• **Pass (weg)**: du spelar inte i den här given.\n"
        "• **Farbspiel**: du väljer trumf (Kreuz, Pik eller Karo); 61 poäng med Tappen.\n"
        "• **Farbspiel Herz**: samma med hjärter som trumf, dubbelt värt.\n"
        "• **Bettel**: ingen trumf; inget stick.\n"
        "• **Bettel ouvert**: Bettel med öppen hand från ditt första kort.\n"
        "• **Rufer**: ta alla stick; först får du kalla ett kort du saknar, och den som har"
        " det byter.\n"
        "• **Rufer Herz**: en Rufer med hjärter som trumf.\n"
        "• **Durch**: ta alla stick, utan att kalla.\n"
        "• **Durch Herz**: Durch med hjärter som trumf, det högsta spelet.\n"
        "• **Herz aufnehmen** (bordsval): hjärter är trumf; ta upp Tappen och lägg bort lika"
        " många kort; 61 poäng.\n"
        "• **Ramsch**: när ingen spelar: ingen trumf, var och en för sig; flest poäng"
        " betalar.\n"
        "• **Jungfrau** (Jungfer): i Ramsch en spelare utan stick; får dubbelt.\n"
        "• **Tapp**: talongen, med baksidan upp; i Farbspiel räknas dess poäng för"
        " spelföraren."),
}
