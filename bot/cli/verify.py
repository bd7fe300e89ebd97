"""``python -m bot verify``: recompute a deal from its published seed.

Every table deals from a secret seed and shows its commitment (the seed's SHA-256)
before the deal; the result publishes the seed. This command recomputes the hands and
the talon from the seed with the published algorithm (docs/shuffle.md), checks the
commitment, and, given the deal's record (the file ``/tapp stats history`` attaches), that
the record was dealt from that seed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from bot.cli.parsing import Parser
from bot.cli.replay import RecordUnreadable, one_line, read_record
from bot.engine import InvalidRecord, TappError, deal_from_record, make_variant
from bot.engine.cards import CARD_NAMES, DeckStyle, iter_bits
from bot.engine.shuffle import SEED_BYTES, commitment, seeded_masks
from bot.engine.variants import option_choices

#: how the hands are told: as the table tells them, or as the record has them
NOTATIONS = ("table", "record")

DESCRIPTION = """\
Recompute a deal from its seed: the hands seat by seat and the talon, and the seed's
commitment. The hands are told as the table tells them: seats numbered from 1 (Seat 1
is the table's first seat, whoever dealt), cards named in the variant's own deck (Swiss
for Zuger Tapp, German for Dapp and Württemberg, French for Tapp 1879; --deck-style
names another, as a server's /tapp settings may). With --notation record they are told
as the deal's record has them: seats numbered from 0 and the cards in record notation
(AH is the ace of hearts, T a ten).

Examples:
  python -m bot verify --seed 1f0c...e9 --variant zuger
  python -m bot verify --seed 1f0c...e9 --variant dapp --players 4 \\
      --commitment 9b2a...
  python -m bot verify --seed 1f0c...e9 --record deal-17.json
  python -m bot verify --seed 1f0c...e9 --variant tapp1879 --series-deal 5

With --series-deal N the seed is a series' seed (published when the series closed)
and the deal recomputed is the series' deal N, from its own seed (docs/series.md).

Exit status 0 when the commitment and the record (if given) match, 1 when one does not,
2 (with one line on standard error) on a usage error or a file that is not a deal record.
"""


def _parser() -> Parser:
    parser = Parser(prog="python -m bot verify", description=DESCRIPTION)
    parser.add_argument("--seed", required=True, help="the deal's seed (64 hex digits)")
    parser.add_argument("--variant", help="zuger, tapp1879, dapp or wuerttemberg "
                                          "(default: the record's)")
    parser.add_argument("--players", type=int, help="players (where the variant allows a "
                                                     "choice; default: the record's, else "
                                                     "the variant's first)")
    parser.add_argument("--deck", type=int, choices=option_choices("deck"),
                        help="Württemberg's deck (default: the record's, else 36)")
    parser.add_argument("--commitment", help="the commitment the table showed, to check")
    parser.add_argument("--series-deal", type=int, metavar="N",
                        help="the seed is a series' seed: recompute the series' deal N "
                             "(from 1)")
    parser.add_argument("--record", help="the deal's record (JSON), to check "
                                                     "that it was dealt from this seed")
    parser.add_argument("--notation", choices=NOTATIONS, default="table",
                        help="table: seats from 1, the deck's own card names (the "
                             "default); record: seats from 0, record notation (AH)")
    parser.add_argument("--deck-style", choices=[str(s) for s in DeckStyle],
                        help="the deck whose card names the table notation uses "
                             "(default: the variant's own)")
    return parser


def deal_lines(hands: Sequence[int], talon: int, variant: str, notation: str,
               style: str | None = None) -> list[str]:
    """The hands seat by seat and the talon, in ``notation``: ``table`` (seats from 1,
    the cards as a table of ``variant`` names them with the deck ``style``, by default
    the variant's own) or ``record`` (seats from 0, record notation)."""
    if notation == "record":
        lines = [f"seat {seat}: {' '.join(CARD_NAMES[c] for c in iter_bits(hand))}"
                 for seat, hand in enumerate(hands)]
        return [*lines, f"talon: {' '.join(CARD_NAMES[c] for c in iter_bits(talon))}"]
    from bot.i18n.words import Words  # (the catalogue: only when it names cards)
    from bot.settings import Settings  # the deck in effect, resolved as a table's is

    chosen = DeckStyle(style) if style else None
    words = Words(None, variant, Settings(deck_style=chosen).deck_for(variant))
    lines = [f"Seat {seat + 1}: {words.cards(iter_bits(hand))}"
             for seat, hand in enumerate(hands)]
    return [*lines, f"Talon: {words.cards(iter_bits(talon))}"]


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        seed = bytes.fromhex(args.seed)
    except ValueError:
        print("--seed must be hex digits", file=sys.stderr)
        return 2
    if len(seed) != SEED_BYTES:
        print(f"--seed must be {SEED_BYTES} bytes ({2 * SEED_BYTES} hex digits)",
              file=sys.stderr)
        return 2
    recorded = None
    if args.record is not None:
        try:
            recorded = deal_from_record(read_record(args.record))
        except RecordUnreadable as error:
            print(error, file=sys.stderr)
            return 2
        except RecursionError:
            print("invalid record: nested too deeply", file=sys.stderr)
            return 2
        except TappError as error:  # not a deal record (a malformed one, an illegal action)
            print(one_line(f"invalid record: {error}"), file=sys.stderr)
            return 2
    variant = args.variant or (recorded.variant if recorded else None)
    options = recorded.options if recorded else {}
    if args.players is not None:
        options["players"] = args.players
    if args.deck is not None:
        options["deck"] = args.deck
    if variant is None:
        print("name the --variant (or give the --record)", file=sys.stderr)
        return 2
    try:
        rules = make_variant(variant, options.pop("players", None),
                             {k: v for k, v in options.items() if k != "stake"})
    except (InvalidRecord, TappError) as error:
        print(f"not a deal: {error}", file=sys.stderr)
        return 2
    shown = commitment(seed)  # a series' commitment is its own seed's
    if args.series_deal is not None:
        from bot.series.deals import deal_seed  # (only for a series' deal)

        try:
            seed = deal_seed(seed, args.series_deal)
        except ValueError as error:
            print(f"--series-deal: {error}", file=sys.stderr)
            return 2
    hands, talon = seeded_masks(seed, rules.deck, rules.hand_size, rules.players)
    print(f"commitment {shown}")
    for line in deal_lines(hands, talon, rules.name, args.notation, args.deck_style):
        print(line)
    ok = True
    if args.commitment is not None:
        same = args.commitment.strip().lower() == shown
        print("the commitment matches" if same else "the commitment does NOT match")
        ok = ok and same
    if recorded is not None:
        same = list(recorded.dealt) == list(hands) and recorded.dealt_talon == talon
        print("the record was dealt from this seed" if same
              else "the record was NOT dealt from this seed")
        ok = ok and same
    return 0 if ok else 1
