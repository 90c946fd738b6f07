public enum _FavoritePrimesPlaceholder {}
