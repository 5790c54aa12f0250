"""What the Python tests share: the example scripts, loaded as modules."""
import importlib.util
import os
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


@pytest.fixture
def load_example():
    """``load_example(name)``: examples/NAME.py as a module; the examples import each other, as they do
    when run from their folder."""
    def load(name):
        if EXAMPLES not in sys.path:
            sys.path.insert(0, EXAMPLES)
        spec = importlib.util.spec_from_file_location(name, os.path.join(EXAMPLES, name + ".py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load
