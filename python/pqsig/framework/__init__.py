"""The framework of a source checkout: build, tests, known answers, benchmarks,
reports. Used by ./pqsig; not part of the installed package."""
