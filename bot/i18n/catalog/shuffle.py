"""Catalogue strings: the verifiable shuffle (see ``docs/shuffle.md``).

While a deal is played the table shows the seed's commitment; the result publishes the
seed in the command that recomputes the deal from it and checks the commitment
(``{command}``, ready to paste).
The history's ``standings.replay.seed`` is with the standings strings.
"""

EN: dict[str, str] = {
    "table.commitment": "🔒 Shuffle commitment: `{commitment}`",
    "result.seed": "🔓 Shuffle seed published. Check the deal: `{command}`",
}

DE: dict[str, str] = {
    "table.commitment": "🔒 Mischungs-Zusage: `{commitment}`",
    "result.seed": "🔓 Mischungs-Seed veröffentlicht. Spiel prüfen: `{command}`",
}

SV: dict[str, str] = {
    "table.commitment": "🔒 Blandningens åtagande: `{commitment}`",
    "result.seed": "🔓 Blandningens frö publicerat. Kontrollera given: `{command}`",
}
