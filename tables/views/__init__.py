"""Page views: `players` for guests on their phones, `hosting` for the host's pages."""
