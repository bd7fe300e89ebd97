"""The operator's view of a running bot: its figures (/metrics) and health (/healthz)."""
