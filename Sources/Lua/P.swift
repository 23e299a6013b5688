public enum L {}
