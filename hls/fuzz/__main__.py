"""``python -m hls.fuzz``: run a seeded batch (see :mod:`hls.fuzz.runner`)."""

import sys

from hls.fuzz.runner import main

sys.exit(main())
