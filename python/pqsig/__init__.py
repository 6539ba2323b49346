"""pqsig: post-quantum signatures; the framework (build, test, KAT, bench)."""
