public enum _AppCorePlaceholder {}
