//! The editor screen's dialogs: Save over, Save as new, the question before unsaved changes
//! are lost, the editor's own menu (Resume, Save, Help, Settings, Exit editing) and Share.

use leptos::prelude::*;

use crate::common::context::SettingsStore;
use crate::common::editor_guide::EditorGuide;
use crate::common::modal::Modal;
use crate::common::settings_panel::SettingsPanel;
use crate::maker::editor_session::{Ask, MenuPage, Session};
use crate::maker::share::share_dialog;

/// The last refused edit, as an alert.
pub(super) fn problem_alert(s: Session) -> impl IntoView {
    move || {
        s.problem
            .get()
            .map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })
    }
}

fn save_over_dialog(s: Session) -> impl IntoView {
    view! {
        <Modal title=Signal::derive(move || format!("Save over \"{}\"?", s.board_name())) on_close=Callback::new(move |()| s.close_ask())>
            <p>"The saved world will be replaced by this version."</p>
            <div class="button-row">
                <button type="button" class="action primary" on:click=move |_| { s.close_ask(); s.save_over(); }>"Save"</button>
                <button type="button" class="action" on:click=move |_| s.close_ask()>"Cancel"</button>
            </div>
        </Modal>
    }
}

fn save_as_new_dialog(s: Session) -> impl IntoView {
    let new_name = s.new_name;
    view! {
        <Modal title="Save as new" on_close=Callback::new(move |()| s.close_ask())>
            <label class="field">
                <span>"Name of the new world"</span>
                <input
                    type="text"
                    maxlength=worlds_engine::board::MAX_NAME_CHARS.to_string()
                    prop:value=move || new_name.get()
                    on:input=move |ev| new_name.set(event_target_value(&ev))
                    on:keydown=move |ev| if ev.key() == "Enter" { s.confirm_save_as_new() }
                />
            </label>
            {problem_alert(s)}
            <div class="button-row">
                <button type="button" class="action primary" on:click=move |_| s.confirm_save_as_new()>"Save"</button>
                <button type="button" class="action" on:click=move |_| s.close_ask()>"Cancel"</button>
            </div>
        </Modal>
    }
}

fn leave_dialog(s: Session) -> impl IntoView {
    view! {
        <Modal title="Leave without saving?" on_close=Callback::new(move |()| s.close_ask())>
            <p>{move || format!("Your changes to \"{}\" have not been saved.", s.board_name())}</p>
            <div class="button-row">
                <button type="button" class="action primary" on:click=move |_| s.save_and_exit()>"Save and exit"</button>
                <button type="button" class="action danger" on:click=move |_| s.exit_without_saving()>"Exit without saving"</button>
                <button type="button" class="action" on:click=move |_| s.close_ask()>"Cancel"</button>
            </div>
        </Modal>
    }
}

/// The menu's first page: its buttons, and what the last Save did.
fn menu_main(s: Session) -> AnyView {
    let ask = s.ask;
    view! {
        <div class="menu-list">
            <button type="button" class="menu-button primary" on:click=move |_| s.close_ask()>"Resume"</button>
            <button type="button" class="menu-button" on:click=move |_| s.menu_save()>"Save"</button>
            <button type="button" class="menu-button" on:click=move |_| ask.set(Ask::Menu(MenuPage::Help))>"Help"</button>
            <button type="button" class="menu-button" on:click=move |_| ask.set(Ask::Menu(MenuPage::Settings))>"Settings"</button>
            <button type="button" class="menu-button" on:click=move |_| s.exit_editing()>"Exit editing"</button>
        </div>
        {move || s.message.get().map(|(ok, m)| view! {
            <p class=if ok { "notice" } else { "problem" } role="status">{m}</p>
        })}
        {problem_alert(s)}
    }
    .into_any()
}

/// The player's own settings (for the whole game), with a way back to the menu.
fn menu_settings(back: Callback<()>) -> AnyView {
    match use_context::<SettingsStore>() {
        Some(_) => view! {
            <SettingsPanel on_back=back />
            <p class="hint">"These are your settings for the whole game. The board's own settings (name, money, rules, groups) are beside the board, under Board settings."</p>
        }
        .into_any(),
        None => view! {
            <p class="problem" role="alert">"The settings cannot be shown here."</p>
            <button type="button" class="menu-button" on:click=move |_| back.run(())>"Back"</button>
        }
        .into_any(),
    }
}

fn menu_dialog(s: Session, page: MenuPage) -> impl IntoView {
    let close = Callback::new(move |()| s.close_ask());
    let back = Callback::new(move |()| s.ask.set(Ask::Menu(MenuPage::Main)));
    let body = match page {
        MenuPage::Main => menu_main(s),
        MenuPage::Help => view! {
            <div class="help">
                <EditorGuide sub=true />
                <button type="button" class="menu-button" on:click=move |_| back.run(())>"Back"</button>
            </div>
        }
        .into_any(),
        MenuPage::Settings => menu_settings(back),
    };
    view! {
        <Modal title="Board Maker menu" on_close=close class="game-menu editor-menu">
            {body}
        </Modal>
    }
}

/// Whichever dialog is open: Share, or what the editor is asking.
pub(super) fn editor_dialogs(s: Session) -> impl IntoView {
    let share = move || {
        s.sharing.with(|def| {
            def.as_ref()
                .map(|def| share_dialog(def, Callback::new(move |()| s.sharing.set(None))))
        })
    };
    let asked = move || match s.ask.get() {
        Ask::Nothing => ().into_any(),
        Ask::SaveOver => save_over_dialog(s).into_any(),
        Ask::SaveAsNew => save_as_new_dialog(s).into_any(),
        Ask::Leave => leave_dialog(s).into_any(),
        Ask::Menu(page) => menu_dialog(s, page).into_any(),
    };
    view! { {share} {asked} }
}
