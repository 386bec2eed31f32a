"""Imported by a hint worker in tests/server/test_hint_worker.py: a start-up slower than the hint's time limit."""

import time

time.sleep(2.0)
SLOW = True
