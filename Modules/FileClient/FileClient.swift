public enum _FileClientPlaceholder {}
