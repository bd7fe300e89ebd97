"""The verifiable shuffle through the stand-in: while a deal is played the table shows
its commitment and no message shows the seed; once it is over the result and the
history publish the seed, and the seed recomputes the deal's cards (with ``python -m bot
verify`` and with the documented algorithm) and hashes to the commitment shown."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from bot.cli.verify import main as verify
from bot.connection.client import TappBot
from bot.engine.cards import CARD_NAMES
from bot.engine.shuffle import seeded_order
from standin import Sandbox
from standin.harness import World

from .driver import open_table

COMMITMENT = re.compile(r"Shuffle commitment: `([0-9a-f]{64})`")
SEED = re.compile(r"Check the deal: `python -m bot verify [^`]*--seed ([0-9a-f]{64})")
COMMAND = re.compile(r"`python -m bot verify ([^`]+)`")


async def test_a_published_seed_recomputes_the_deal(sandbox: Sandbox, world: World,
                                                    table_bot: TappBot,
                                                    tmp_path: Path) -> None:
    alice = world.players[0]
    store = table_bot.database
    assert store is not None
    game = await open_table(sandbox, table_bot, world.channel, alice, "dapp", players=5,
                            computers=4)
    live = game.live
    assert live is not None and live.deal_id is not None
    deal_id = live.deal_id
    shown = COMMITMENT.search(game.table_message().text)
    assert shown is not None  # the commitment is on the table before the first action
    await game.play(until=lambda g: g.live is None or g.live.deal_id != deal_id)

    row = await store.deals.get(deal_id)
    assert row.seed is not None and row.commitment == shown[1]
    results = [m for m in sandbox.public_messages(game.thread) if SEED.search(m.text)]
    assert [SEED.search(m.text)[1] for m in results][:1] == [row.seed]  # type: ignore[index]
    assert "Deal 1: result" in results[0].text
    # before that, no message anyone saw (public or private, any version) showed the seed
    for version in sandbox.message_history(game.thread, public=False):
        text = version.content + json.dumps(version.embeds)
        if row.seed in text:
            assert version.message_id == results[0].id, text
    seed = bytes.fromhex(row.seed)
    assert hashlib.sha256(seed).hexdigest() == shown[1]

    # the result's command, pasted as it is, checks the seed against the commitment
    [pasted] = COMMAND.findall(results[0].text)
    assert f"--commitment {shown[1]}" in pasted
    assert verify(pasted.split()) == 0

    record = await store.deals.record(deal_id)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert verify(["--seed", row.seed, "--variant", "dapp", "--players", "5",
                   "--commitment", shown[1], "--record", str(path)]) == 0
    assert verify(["--seed", "00" * 32, "--record", str(path)]) == 1  # another seed: no
    # by hand, from docs/shuffle.md: the shuffled deck dealt in hand-sized runs
    order = [CARD_NAMES[c] for c in seeded_order(seed, 32)]
    assert [sorted(order[k * 6:(k + 1) * 6]) for k in range(5)] == [
        sorted(h) for h in record["hands"]]
    assert sorted(order[30:]) == sorted(record["talon"])

    # the history keeps the seed beside the commitment
    ix = await alice.slash(world.channel, "/tapp stats history")
    assert ix.response is not None
    click = await alice.click(ix.response, label="Replay 1")
    assert click.response is not None
    [shuffle] = [f["value"] for f in click.response.embeds[0]["fields"]
                 if f["name"] == "Shuffle"]
    assert row.seed in shuffle and shown[1] in shuffle
    assert "--variant dapp --players 5" in shuffle
