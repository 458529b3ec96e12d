"""Face-down choices: each side's manager logs their own part of a step both sides choose at
once (``services``), through their endpoint (``api``); the last part in logs the move."""
