/// Why quick capture could not do what was asked: facts, worded by the CLI.
public enum QuickError: Error, Equatable {
    /// No menu program fits here (none installed, or none for this context).
    case noMenu(MenuProgram.Context)
    /// `--menu NAME` names no menu Haven knows.
    case unknownMenu(String)
    /// `--menu NAME` names a menu that is not installed.
    case menuMissing(MenuProgram)
    /// The menu program could not be started, or ended in a way no menu does.
    case menuFailed(MenuProgram, status: Int32?)
    /// `--choose` names no action on offer.
    case unknownChoice(String)
}
