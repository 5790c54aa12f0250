"""``python -m smem_budget ARGS`` (and the ``smem-budget`` console script of ``pip install``): the
command line itself, run in this process by the same code as the ``smem-budget`` executable."""
import sys

from smem_budget import _core


def main() -> None:
    sys.stdout.flush()
    sys.exit(_core.main(sys.argv[1:]))


if __name__ == "__main__":
    main()
