/** Browser side effects behind one object so tests can replace them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};
