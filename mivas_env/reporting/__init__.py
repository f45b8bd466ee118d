"""What a person reads: the report page, `mivas show`, the episode view."""
