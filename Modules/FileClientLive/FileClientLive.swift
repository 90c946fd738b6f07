public enum _FileClientLivePlaceholder {}
