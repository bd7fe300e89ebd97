"""Display names in many scripts, as Discord users have them (gallery, benchmark, tests)."""

from __future__ import annotations

#: one name per script the font chain covers, with emoji of each kind (single, ZWJ
#: sequence, flag, skin tone, keycap)
WORLD_NAMES: tuple[str, ...] = (
    "山田 太郎",  # Japanese (kanji)
    "محمد علي",  # Arabic, right to left
    "Иван Петров",  # Cyrillic
    "🔥🔥🔥",  # emoji only
    "김민준",  # Korean (Hangul)
    "Ελένη 🇬🇷",  # Greek, a flag
    "अर्जुन शर्मा",  # Devanagari
    "สมชาย ใจดี",  # Thai
    "דוד כהן",  # Hebrew, right to left
    "さくら 🌸",  # Japanese (kana)
    "李小龙 👍🏽",  # Chinese, a skin tone
    "Zoë 👨‍👩‍👧‍👦",  # a ZWJ family
    "رضا ۱۲۳ 🎉",  # Persian with its digits and an emoji
    "𝓐𝓷𝓷𝓪 ✨",  # styled letters (drawn as plain ones)
)


def world_names(players: int, start: int = 0) -> list[str]:
    """``players`` names from :data:`WORLD_NAMES`, starting at ``start``."""
    return [WORLD_NAMES[(start + i) % len(WORLD_NAMES)] for i in range(players)]
