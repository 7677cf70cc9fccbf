// "My collection": after htmx replaces the list (an action done or refused), move the keyboard
// focus to what the answer says (the notice, or the refusal beside the copy), so it is read out
// and the next Tab continues from there.
document.addEventListener("htmx:afterSettle", function () {
  var target = document.querySelector("#collection-body [data-focus]");
  if (target) {
    target.focus({ preventScroll: false });
  }
});
