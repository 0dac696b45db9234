"""What tests and benchmarks share to reach the real server: a free loopback port
(:mod:`.ports`), one HTTP/JSON client (:mod:`.client`), one way to start and stop the server in a
subprocess (:mod:`.server`), Debian's Chromium at phone size (:mod:`.browser`); and what the
tests alone share: the screenshots to look at (:mod:`.shots`), the hypothesis profiles
(:mod:`.profiles`)."""
