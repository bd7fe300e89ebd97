"""Catalogue strings: a one-line hint for each word a player can be offered (a bid, a
declaration, a contract, an announcement, Kontra), shown where the player first meets it.

``hint.<word>`` where the word means the same in every variant that has it,
``hint.<variant>.<word>`` where it differs (``hint.zuger.solo``, ``hint.dapp.bettel``);
announcements are ``hint.announce.<value>``. :meth:`bot.tables.words.Words.hint` finds
them. Each hint stays within :data:`HINT_MAX` characters and follows
``docs/rules/<variant>.md``; a value in brackets is the contract's value in units, as in
the engine. The game's own words stay as they are in every language.
"""

#: the longest a hint may be (a line under a button or in the table message)
HINT_MAX = 80

EN: dict[str, str] = {
    # saying it in the auction
    "hint.pass": "You do not bid: you are out of this auction.",
    "hint.hold": "Take the challenger's bid at the same level: you spoke first.",
    "hint.play": "Bid to play without naming the contract; you name it later.",
    "hint.self": "Keep the game yourself at the Herz level; the challenger must go higher.",
    "hint.spiele": "You want to play; next you name your game.",
    "hint.weg": "You do not play this deal.",
    # Zuger Tapp
    "hint.tapp": "Pick up the talon, discard 4, name trump; {tapp_threshold} points win.",
    "hint.zuger.solo": "No talon: you name trump and need 65 points (value 2).",
    "hint.super": "As Solo, but you need 70 points (value 4).",
    "hint.vice": "As Solo, but you need 75 points (value 6); ends the auction.",
    # Tapp (1879)
    "hint.coeurfrage": "Hearts trump: pick up the talon, discard 3; 61 points win. The lowest.",
    "hint.tapp1879.solo": "No talon: name trump (not hearts); 61 points win the pot.",
    "hint.coeursolo": "Hearts trump, no talon; 61 points win the pot. The highest.",
    "hint.announce.tout": "Win all 11 tricks for a far higher payment; points no longer count.",
    "hint.announce.none": "No tout: play for 61 points as usual.",
    # Dapp
    "hint.normal": "You name trump (not hearts); 61 points with the talon win (value 1).",
    "hint.dapp.herz": "Hearts trump; 61 points with the talon win (value 2).",
    "hint.dapp.rufer": "Call a card you lack and swap for it; then win every trick (value 4).",
    "hint.dapp.rufer_herz": "A Rufer with hearts trump: call a card, then win every trick"
                            " (value 6).",
    "hint.dapp.bettel": "No trump; win no trick; your hand opens after the first trick"
                        " (value 5).",
    "hint.dapp.durch": "You name trump (not hearts) and must win every trick (value 8).",
    # Württemberg Tapp
    "hint.farbe": "You name trump (not hearts); 61 points with the Tapp win (value 1).",
    "hint.wuerttemberg.herz": "Farbspiel with hearts trump: 61 points with the Tapp (value 2).",
    "hint.wuerttemberg.rufer": "Win every trick; first you may call a card you lack (value 3).",
    "hint.wuerttemberg.rufer_herz": "A Rufer with hearts trump: win every trick; you may call"
                                    " (value 6).",
    "hint.wuerttemberg.bettel": "No trump; you must win no trick (value 3).",
    "hint.bettel_ouvert": "Bettel with your hand open from your first card on (value 6).",
    "hint.wuerttemberg.durch": "You name trump (not hearts) and must win every trick"
                               " (value 6).",
    "hint.herz_aufnehmen": "Hearts trump: pick up the Tapp, discard as many; 61 points"
                           " (value 1).",
    # Dapp and Württemberg
    "hint.durch_herz": "Hearts trump; win every trick, without a call (value 12). The highest.",
    "hint.ramsch": "Nobody plays: no trump, each for themselves; the most points pays.",
    "hint.kontra": "Doubles the payment: said against the declarer (in Ramsch by anyone).",
    "hint.rekontra": "The answer to Kontra: doubles the payment again.",
}

DE: dict[str, str] = {
    "hint.pass": "Du bietest nicht: beim Reizen bist du draußen.",
    "hint.hold": "Das Gebot des Herausforderers übernehmen: du sitzt vorne, das genügt.",
    "hint.play": "Bieten, ohne das Spiel zu nennen; das nennst du später.",
    "hint.self": "Das Spiel selbst behalten (Herz-Stufe); der Herausforderer muss höher.",
    "hint.spiele": "Du willst spielen; danach nennst du dein Spiel.",
    "hint.weg": "Du spielst in diesem Spiel nicht mit.",
    "hint.tapp": "Tapp aufnehmen, 4 drücken, Trumpf bestimmen; {tapp_threshold} Augen gewinnen.",
    "hint.zuger.solo": "Ohne Tapp: du bestimmst Trumpf und brauchst 65 Augen (Wert 2).",
    "hint.super": "Wie Solo, aber du brauchst 70 Augen (Wert 4).",
    "hint.vice": "Wie Solo, aber du brauchst 75 Augen (Wert 6); beendet das Reizen.",
    "hint.coeurfrage": "Herz ist Trumpf: Tapp aufnehmen, 3 drücken; 61 Augen. Das unterste.",
    "hint.tapp1879.solo": "Ohne Tapp: Trumpf bestimmen (nicht Herz); 61 Augen gewinnen die"
                          " Kasse.",
    "hint.coeursolo": "Herz ist Trumpf, ohne Tapp; 61 Augen gewinnen die Kasse. Das höchste.",
    "hint.announce.tout": "Alle 11 Stiche machen, für viel mehr; die Augen zählen nicht mehr.",
    "hint.announce.none": "Kein Tout: wie gewohnt um 61 Augen spielen.",
    "hint.normal": "Du bestimmst Trumpf (nicht Herz); 61 Augen mit dem Dapp (Wert 1).",
    "hint.dapp.herz": "Herz ist Trumpf; 61 Augen mit dem Dapp gewinnen (Wert 2).",
    "hint.dapp.rufer": "Eine fehlende Karte rufen und eintauschen; dann alle Stiche (Wert 4).",
    "hint.dapp.rufer_herz": "Rufer mit Herz als Trumpf: Karte rufen, dann alle Stiche"
                            " (Wert 6).",
    "hint.dapp.bettel": "Kein Trumpf, kein Stich; ab dem 2. Stich liegt dein Blatt offen"
                        " (Wert 5).",
    "hint.dapp.durch": "Du bestimmst Trumpf (nicht Herz) und machst alle Stiche (Wert 8).",
    "hint.farbe": "Du bestimmst Trumpf (nicht Herz); 61 Augen mit dem Tapp (Wert 1).",
    "hint.wuerttemberg.herz": "Farbspiel mit Herz als Trumpf: 61 Augen mit dem Tapp (Wert 2).",
    "hint.wuerttemberg.rufer": "Alle Stiche machen; vorher darfst du eine Karte rufen"
                               " (Wert 3).",
    "hint.wuerttemberg.rufer_herz": "Rufer mit Herz als Trumpf: alle Stiche, Rufen erlaubt"
                                    " (Wert 6).",
    "hint.wuerttemberg.bettel": "Kein Trumpf; du darfst keinen Stich machen (Wert 3).",
    "hint.bettel_ouvert": "Bettel mit offenem Blatt ab deiner ersten Karte (Wert 6).",
    "hint.wuerttemberg.durch": "Du bestimmst Trumpf (nicht Herz) und machst alle Stiche"
                               " (Wert 6).",
    "hint.herz_aufnehmen": "Herz ist Trumpf: Tapp aufnehmen, ebenso viele drücken; 61 Augen"
                           " (Wert 1).",
    "hint.durch_herz": "Herz ist Trumpf; alle Stiche, ohne Rufen (Wert 12). Das höchste.",
    "hint.ramsch": "Niemand spielt: kein Trumpf, jeder für sich; die meisten Augen zahlen.",
    "hint.kontra": "Verdoppelt die Zahlung: gegen den Alleinspieler (beim Ramsch: jeder).",
    "hint.rekontra": "Die Antwort auf Kontra: verdoppelt die Zahlung nochmals.",
}

SV: dict[str, str] = {
    "hint.pass": "Du bjuder inte: du är ute ur budgivningen.",
    "hint.hold": "Ta utmanarens bud på samma nivå: du sitter före, det räcker.",
    "hint.play": "Bjud utan att nämna spelet; det väljer du senare.",
    "hint.self": "Behåll spelet själv på Herz-nivån; utmanaren måste bjuda högre.",
    "hint.spiele": "Du vill spela; sedan nämner du ditt spel.",
    "hint.weg": "Du spelar inte i den här given.",
    "hint.tapp": "Ta upp talongen, lägg bort 4, välj trumf; {tapp_threshold} poäng vinner.",
    "hint.zuger.solo": "Utan talong: du väljer trumf och behöver 65 poäng (värde 2).",
    "hint.super": "Som Solo, men du behöver 70 poäng (värde 4).",
    "hint.vice": "Som Solo, men du behöver 75 poäng (värde 6); avslutar budgivningen.",
    "hint.coeurfrage": "Hjärter är trumf: ta upp talongen, lägg bort 3; 61 poäng. Det lägsta.",
    "hint.tapp1879.solo": "Utan talong: välj trumf (inte hjärter); 61 poäng vinner potten.",
    "hint.coeursolo": "Hjärter är trumf, utan talong; 61 poäng vinner potten. Det högsta.",
    "hint.announce.tout": "Ta alla 11 stick för en mycket högre betalning; poängen räknas"
                          " inte.",
    "hint.announce.none": "Ingen tout: spela om 61 poäng som vanligt.",
    "hint.normal": "Du väljer trumf (inte hjärter); 61 poäng med talongen (värde 1).",
    "hint.dapp.herz": "Hjärter är trumf; 61 poäng med talongen vinner (värde 2).",
    "hint.dapp.rufer": "Kalla ett kort du saknar och byt till dig det; ta alla stick"
                       " (värde 4).",
    "hint.dapp.rufer_herz": "En Rufer med hjärter som trumf: kalla ett kort, ta alla stick"
                            " (värde 6).",
    "hint.dapp.bettel": "Ingen trumf, inget stick; din hand visas efter första sticket"
                        " (värde 5).",
    "hint.dapp.durch": "Du väljer trumf (inte hjärter) och måste ta alla stick (värde 8).",
    "hint.farbe": "Du väljer trumf (inte hjärter); 61 poäng med Tappen (värde 1).",
    "hint.wuerttemberg.herz": "Farbspiel med hjärter som trumf: 61 poäng med Tappen"
                              " (värde 2).",
    "hint.wuerttemberg.rufer": "Ta alla stick; först får du kalla ett kort du saknar"
                               " (värde 3).",
    "hint.wuerttemberg.rufer_herz": "En Rufer med hjärter som trumf: ta alla stick; du får"
                                    " kalla (värde 6).",
    "hint.wuerttemberg.bettel": "Ingen trumf; du får inte ta något stick (värde 3).",
    "hint.bettel_ouvert": "Bettel med öppen hand från ditt första kort (värde 6).",
    "hint.wuerttemberg.durch": "Du väljer trumf (inte hjärter) och måste ta alla stick"
                               " (värde 6).",
    "hint.herz_aufnehmen": "Hjärter är trumf: ta upp Tappen, lägg bort lika många; 61 poäng"
                           " (värde 1).",
    "hint.durch_herz": "Hjärter är trumf; ta alla stick, utan att kalla (värde 12). Det"
                       " högsta.",
    "hint.ramsch": "Ingen spelar: ingen trumf, var och en för sig; flest poäng betalar.",
    "hint.kontra": "Dubblar betalningen: sagt mot spelföraren (i Ramsch av vem som helst).",
    "hint.rekontra": "Svaret på Kontra: dubblar betalningen igen.",
}
