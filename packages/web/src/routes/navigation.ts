/** Navigation from outside React (logout, request layer): the router registers its navigate function here. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, replace = true): void {
  navigator(to, { replace });
}
