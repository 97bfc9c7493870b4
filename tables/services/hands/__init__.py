"""What is kept of the hands played: replays, and the seeds revealed when a night closes."""
