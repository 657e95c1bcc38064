"""Game-agnostic bots: they know games only through the protocol in ``gardensim.core``."""
