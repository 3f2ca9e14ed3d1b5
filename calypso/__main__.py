import sys

from calypso.cli import main

sys.exit(main())
