"""`python -m engine.phh replay FILE...`: replay hand histories through this engine."""

import sys

from engine.phh import main

sys.exit(main())
