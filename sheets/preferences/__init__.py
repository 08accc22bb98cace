"""What a person chose for how the app looks to them (the theme) and which language it
speaks to them in, kept on their account."""
