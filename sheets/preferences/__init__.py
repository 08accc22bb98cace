"""What a person chose for how the app looks to them (the theme), kept on their account."""
