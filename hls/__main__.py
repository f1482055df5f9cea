"""``python -m hls``."""

from hls.cli import main

main()
