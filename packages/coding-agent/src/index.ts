export {
	type SessionDiagnostic,
	SessionManager,
} from "./core/session/session-manager.js";
