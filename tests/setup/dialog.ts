import { beforeAll } from "vitest";

/** jsdom has no modal dialogs: open and close one as a browser would, without the top layer. */
export function stubModalDialogs(): void {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute("open");
    };
  });
}
