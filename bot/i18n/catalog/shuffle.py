"""Catalogue strings: the verifiable shuffle (see ``docs/shuffle.md``).

While a deal is played the table shows the seed's commitment; the result publishes the
seed and the command that recomputes the deal from it (``{args}``: its variant options).
The history's ``standings.replay.seed`` is with the standings strings.
"""

EN: dict[str, str] = {
    "table.commitment": "🔒 Shuffle commitment: `{commitment}`",
    "result.seed": "🔓 Shuffle seed: `{seed}`. Check the deal:"
                   " `python -m bot verify {args} --seed` with this seed.",
}

DE: dict[str, str] = {
    "table.commitment": "🔒 Mischungs-Zusage: `{commitment}`",
    "result.seed": "🔓 Mischungs-Seed: `{seed}`. Spiel prüfen:"
                   " `python -m bot verify {args} --seed` mit diesem Seed.",
}

SV: dict[str, str] = {
    "table.commitment": "🔒 Blandningens åtagande: `{commitment}`",
    "result.seed": "🔓 Blandningens frö: `{seed}`. Kontrollera given:"
                   " `python -m bot verify {args} --seed` med detta frö.",
}
