"""Schemathesis hooks for the conformance run (loaded through SCHEMATHESIS_HOOKS=hooks)."""

import os

import hypothesis
import schemathesis

OWN_ID = os.environ.get("KLASS_OWN_ID", "")


@schemathesis.hook
def filter_path_parameters(ctx, path_parameters):
    """Keeps generated ids off the signed-in manager: deleting him, taking his roles or
    changing his e-mail would leave the rest of the run without a manager."""
    return not path_parameters or str(path_parameters.get("id")) != OWN_ID


# Hypothesis 6.170's optimiser, which chases schemathesis's "success rate" target, can fail
# with its own IndexError (seen at 60+ examples per operation), a false error of the tool. The
# run is about the answers, not about steering generation, so the target is not reported.
hypothesis.target = lambda *args, **kwargs: None
