/// Events of list views and the scrolled windows around them, as producers that connect to GTK
/// when started and disconnect when their observation ends. Each completes when its widget goes.
/// They take the widget's pointer and keep only a weak reference to it.
public enum ListEvents {}
