"""Fonts shipped with the renderer: DejaVu Sans (see LICENSE-DejaVu.txt)."""
