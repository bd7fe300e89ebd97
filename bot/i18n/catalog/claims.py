"""Catalogue strings: claims (see ``bot/tables/claims.py`` and ``docs/rules/claims.md``).

``claim.what.<kind>`` says what a claim of that kind claims; the buttons are
``button.claim.<all|none|yes|no>``; the answers to the claimer and to the others are
``claim.<outcome>``.
"""

EN: dict[str, str] = {
    "timer.reminder_claim": "⏰ {mention}, a claim here waits for your answer. Time left:"
                            " {left}.",
    "timer.reminder_claim_open": "⏰ {mention}, a claim here waits for your answer.",
    "timer.claim_refused": "⏱ {name} did not answer the claim in time: it is refused for"
                           " them, as a computer 🤖 would, and play goes on.",
    "button.claim.all": "Claim all the rest",
    "button.claim.none": "Claim no more tricks",
    "button.claim.yes": "Accept the claim",
    "button.claim.no": "Refuse the claim",
    "claim.what.all": "every trick still to play",
    "claim.what.none": "no more trick",
    "hand.claim_yours": "You claim {what}; waiting for {names} to accept or refuse."
                        " Playing a card withdraws your claim.",
    "hand.claim_put": "**{name} claims {what}**, holding {cards}. Accept or refuse?",
    "hand.claim_accepted": "You accepted; waiting for {names}.",
    "hand.claim_refused": "{by} refused {name}'s claim; play goes on.",
    "table.claim_pending": "⚑ {name} claims {what}; waiting for {names} to accept or"
                           " refuse (their *My hand* shows {name}'s cards).",
    "table.claim_refused": "{by} refused {name}'s claim; play goes on.",
    "table.claim_failed": "Everyone accepted {name}'s claim, but with the cards as they"
                          " lie no way of playing the rest makes it come true; play goes"
                          " on.",
    "result.claim_proven": "{name} claimed {what}; the bot proved it, and the rest was"
                           " played out.",
    "result.claim_accepted": "{name} claimed {what}; the others accepted, and the rest"
                             " was played out.",
    "claim.proven": "The bot proved your claim against every defence: the rest is played"
                    " out.",
    "claim.put": "The bot cannot prove your claim against every defence, so it is put to"
                 " the other players; they see your cards.",
    "claim.accepted": "You accepted the claim.",
    "claim.agreed": "Everyone accepted the claim: the rest is played out.",
    "claim.refused": "You refused the claim; play goes on.",
    "claim.failed": "Everyone accepted, but with the cards as they lie no way of playing"
                    " the rest makes the claim come true; play goes on.",
    "error.claim_not_now": "You can claim only on your turn while cards are played,"
                           " holding five cards or fewer and two or more.",
    "error.claim_kind": "That claim is not yours to make here: only the declarer of a"
                        " Bettel, or anyone in a Ramsch, claims no more tricks, and the"
                        " declarer of a Bettel claims nothing else.",
    "error.claim_made": "A claim was made on this turn already; play a card first.",
    "error.claim_computers": "The bot cannot prove this claim against every defence, and"
                             " computer players accept only claims it proves. Play on.",
    "error.claim_impossible": "Whatever the others hold, no way of playing the rest makes"
                              " that claim come true.",
    "error.claim_too_deep": "Too many cards are left to check this claim; claim again a"
                            " trick or two later.",
    "error.claim_own": "This is your own claim; playing a card withdraws it.",
}

DE: dict[str, str] = {
    "timer.reminder_claim": "⏰ {mention}, hier wartet ein Anspruch auf deine Antwort."
                            " Verbleibende Zeit: {left}.",
    "timer.reminder_claim_open": "⏰ {mention}, hier wartet ein Anspruch auf deine"
                                 " Antwort.",
    "timer.claim_refused": "⏱ {name} hat nicht rechtzeitig geantwortet: der Anspruch ist"
                           " für {name} abgelehnt, wie es ein Computer 🤖 täte, und es wird"
                           " weitergespielt.",
    "button.claim.all": "Alle restlichen Stiche",
    "button.claim.none": "Keinen Stich mehr",
    "button.claim.yes": "Anspruch annehmen",
    "button.claim.no": "Anspruch ablehnen",
    "claim.what.all": "alle restlichen Stiche",
    "claim.what.none": "keinen Stich mehr",
    "hand.claim_yours": "Du beanspruchst {what}; warte, bis {names} annehmen oder"
                        " ablehnen. Spielst du eine Karte, ziehst du den Anspruch zurück.",
    "hand.claim_put": "**{name} beansprucht {what}** und hält {cards}. Annehmen oder"
                      " ablehnen?",
    "hand.claim_accepted": "Du hast angenommen; warte auf {names}.",
    "hand.claim_refused": "{by} hat den Anspruch von {name} abgelehnt; es wird"
                          " weitergespielt.",
    "table.claim_pending": "⚑ {name} beansprucht {what}; warte, bis {names} annehmen oder"
                           " ablehnen (ihr *Mein Blatt* zeigt die Karten von {name}).",
    "table.claim_refused": "{by} hat den Anspruch von {name} abgelehnt; es wird"
                           " weitergespielt.",
    "table.claim_failed": "Alle haben den Anspruch von {name} angenommen, aber so, wie"
                          " die Karten liegen, macht keine Art, den Rest zu spielen, ihn"
                          " wahr; es wird weitergespielt.",
    "result.claim_proven": "{name} hat {what} beansprucht; der Bot hat es bewiesen, der"
                           " Rest wurde ausgespielt.",
    "result.claim_accepted": "{name} hat {what} beansprucht; die anderen haben"
                             " angenommen, der Rest wurde ausgespielt.",
    "claim.proven": "Der Bot hat deinen Anspruch gegen jede Verteidigung bewiesen: der"
                    " Rest wird ausgespielt.",
    "claim.put": "Der Bot kann deinen Anspruch nicht gegen jede Verteidigung beweisen;"
                 " die anderen entscheiden darüber und sehen deine Karten.",
    "claim.accepted": "Du hast den Anspruch angenommen.",
    "claim.agreed": "Alle haben den Anspruch angenommen: der Rest wird ausgespielt.",
    "claim.refused": "Du hast den Anspruch abgelehnt; es wird weitergespielt.",
    "claim.failed": "Alle haben angenommen, aber so, wie die Karten liegen, macht keine"
                    " Art, den Rest zu spielen, den Anspruch wahr; es wird"
                    " weitergespielt.",
    "error.claim_not_now": "Beanspruchen kannst du nur, wenn du im Kartenspiel dran bist"
                           " und höchstens fünf, aber mindestens zwei Karten hältst.",
    "error.claim_kind": "Diesen Anspruch kannst du hier nicht stellen: keinen Stich mehr"
                        " beansprucht nur der Spieler eines Bettels oder jeder im Ramsch,"
                        " und der Spieler eines Bettels beansprucht nichts anderes.",
    "error.claim_made": "In diesem Zug wurde schon beansprucht; spiel zuerst eine Karte.",
    "error.claim_computers": "Der Bot kann diesen Anspruch nicht gegen jede Verteidigung"
                             " beweisen, und Computerspieler nehmen nur bewiesene an."
                             " Spiel weiter.",
    "error.claim_impossible": "Was die anderen auch halten: keine Art, den Rest zu"
                              " spielen, macht diesen Anspruch wahr.",
    "error.claim_too_deep": "Es sind zu viele Karten übrig, um den Anspruch zu prüfen;"
                            " versuch es ein, zwei Stiche später.",
    "error.claim_own": "Das ist dein eigener Anspruch; spielst du eine Karte, ziehst du"
                       " ihn zurück.",
}

SV: dict[str, str] = {
    "timer.reminder_claim": "⏰ {mention}, ett krav här väntar på ditt svar. Tid kvar:"
                            " {left}.",
    "timer.reminder_claim_open": "⏰ {mention}, ett krav här väntar på ditt svar.",
    "timer.claim_refused": "⏱ {name} svarade inte på kravet i tid: det avslås för {name},"
                           " som en dator 🤖 skulle göra, och spelet fortsätter.",
    "button.claim.all": "Kräv resten av sticken",
    "button.claim.none": "Kräv inga fler stick",
    "button.claim.yes": "Godta kravet",
    "button.claim.no": "Avslå kravet",
    "claim.what.all": "alla stick som återstår",
    "claim.what.none": "inga fler stick",
    "hand.claim_yours": "Du kräver {what}; väntar på att {names} godtar eller avslår."
                        " Spelar du ett kort drar du tillbaka kravet.",
    "hand.claim_put": "**{name} kräver {what}** och har {cards}. Godta eller avslå?",
    "hand.claim_accepted": "Du har godtagit; väntar på {names}.",
    "hand.claim_refused": "{by} avslog {name}s krav; spelet fortsätter.",
    "table.claim_pending": "⚑ {name} kräver {what}; väntar på att {names} godtar eller"
                           " avslår (deras *Min hand* visar {name}s kort).",
    "table.claim_refused": "{by} avslog {name}s krav; spelet fortsätter.",
    "table.claim_failed": "Alla godtog {name}s krav, men som korten ligger gör inget sätt"
                          " att spela resten det sant; spelet fortsätter.",
    "result.claim_proven": "{name} krävde {what}; boten bevisade det och resten spelades"
                           " ut.",
    "result.claim_accepted": "{name} krävde {what}; de andra godtog och resten spelades"
                             " ut.",
    "claim.proven": "Boten bevisade ditt krav mot varje försvar: resten spelas ut.",
    "claim.put": "Boten kan inte bevisa ditt krav mot varje försvar, så de andra"
                 " spelarna får avgöra; de ser dina kort.",
    "claim.accepted": "Du godtog kravet.",
    "claim.agreed": "Alla godtog kravet: resten spelas ut.",
    "claim.refused": "Du avslog kravet; spelet fortsätter.",
    "claim.failed": "Alla godtog, men som korten ligger gör inget sätt att spela resten"
                    " kravet sant; spelet fortsätter.",
    "error.claim_not_now": "Du kan bara kräva när det är din tur i kortspelet och du"
                           " har högst fem och minst två kort.",
    "error.claim_kind": "Det kravet kan du inte göra här: bara spelaren i en Bettel, eller"
                        " vem som helst i en Ramsch, kräver inga fler stick, och spelaren"
                        " i en Bettel kräver inget annat.",
    "error.claim_made": "Ett krav har redan gjorts i den här turen; spela ett kort först.",
    "error.claim_computers": "Boten kan inte bevisa kravet mot varje försvar, och"
                             " datorspelare godtar bara bevisade krav. Spela vidare.",
    "error.claim_impossible": "Vad de andra än har gör inget sätt att spela resten det"
                              " kravet sant.",
    "error.claim_too_deep": "För många kort återstår för att pröva kravet; kräv igen ett"
                            " eller två stick senare.",
    "error.claim_own": "Det är ditt eget krav; spelar du ett kort drar du tillbaka det.",
}
