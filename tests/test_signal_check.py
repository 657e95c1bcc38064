"""The suite's own guard: a test that leaves a stop signal's handler changed fails."""


def test_a_test_that_leaves_sigint_changed_fails(pytester):
    pytester.makepyfile(
        """
        import signal

        def test_leaves_sigint_changed():
            signal.signal(signal.SIGINT, lambda signum, frame: None)

        def test_restores_what_it_changed():
            previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, previous)
        """
    )
    result = pytester.runpytest_subprocess("-p", "tests.support.signal_check", "-p", "no:xdist")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*left a stop signal's handler changed: SIGINT*"])
