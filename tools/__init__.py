"""Tools a developer runs, not tests: `make bench` (`tools.bench` and its parts), `make
tournament` (`tools.tournament`), the soak behind both (`tools.soak`) and Schicki Micki's
simulated table (`tools.schicki_sim`). They drive the same test double as the tests
(`tests.double`) and have tests of their own in `tests/`."""
