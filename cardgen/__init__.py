"""cardgen: card specs -> Forge scripts and XMage classes, proven by a gift-rules resolver."""

__version__ = "0.1.0"
