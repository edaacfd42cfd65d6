//! `#[derive(TaggedDeserialize)]`: the `Deserialize` of an enum written as serde's internally
//! tagged enum (`#[serde(tag = "type")]`, the tag a key of the variant's own map), without
//! serde's buffering.
//!
//! serde's derived `Deserialize` for an internally tagged enum reads the whole map into its
//! private `Content` tree first (the tag may come last), then reads the variant from that tree:
//! every type inside is compiled twice (from the file, and from `Content`), and the game's
//! wasm carried both. serde's own `Serialize` writes the tag first, so this derive reads the
//! first key: when it is the tag, the variant's fields are read straight from the rest of the
//! map; when it is not (a file written by hand), the map is buffered and read again with the
//! tag first (`worlds_engine::tagged`).
//!
//! Use: keep `#[derive(Serialize)]` and the `#[serde(tag = "...", ...)]` attribute, and derive
//! `TaggedDeserialize` instead of `Deserialize`. The derive writes a private copy of the enum
//! without the tag (serde's externally tagged form, with the same variant and field
//! attributes: renames, defaults, `deny_unknown_fields`), derives serde's `Deserialize` for it,
//! and converts. The file format and serde's errors (unknown variant, missing field, unknown
//! field) stay the same.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use quote::{format_ident, quote};
use syn::punctuated::Punctuated;
use syn::{parse_macro_input, Attribute, Data, DeriveInput, Fields, GenericParam, Meta, Token};

#[proc_macro_derive(TaggedDeserialize, attributes(serde))]
pub fn derive_tagged_deserialize(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn expand(input: DeriveInput) -> syn::Result<TokenStream2> {
    let name = &input.ident;
    let Data::Enum(data) = &input.data else {
        return Err(syn::Error::new_spanned(
            name,
            "TaggedDeserialize is for enums",
        ));
    };
    // The container's serde attributes: the tag is taken out, the rest kept for the copy.
    let mut tag: Option<syn::LitStr> = None;
    let mut kept: Vec<Meta> = Vec::new();
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let metas = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?;
        for meta in metas {
            match &meta {
                Meta::NameValue(nv) if nv.path.is_ident("tag") => {
                    let syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) = &nv.value
                    else {
                        return Err(syn::Error::new_spanned(&nv.value, "tag must be a string"));
                    };
                    tag = Some(s.clone());
                }
                _ => kept.push(meta),
            }
        }
    }
    let Some(tag) = tag else {
        return Err(syn::Error::new_spanned(
            name,
            "TaggedDeserialize needs #[serde(tag = \"...\")]",
        ));
    };
    for param in &input.generics.params {
        if let GenericParam::Lifetime(l) = param {
            return Err(syn::Error::new_spanned(
                l,
                "TaggedDeserialize reads owned enums only",
            ));
        }
    }

    let mirror = format_ident!("__{}Tagless", name);
    let serde_only = |attrs: &[Attribute]| -> Vec<Attribute> {
        attrs
            .iter()
            .filter(|a| a.path().is_ident("serde"))
            .cloned()
            .collect()
    };
    let mut variants = Vec::new();
    let mut arms = Vec::new();
    for v in &data.variants {
        let attrs = serde_only(&v.attrs);
        let ident = &v.ident;
        let mut fields = v.fields.clone();
        for f in fields.iter_mut() {
            f.attrs = serde_only(&f.attrs);
            f.vis = syn::Visibility::Inherited;
        }
        variants.push(quote! { #(#attrs)* #ident #fields });
        arms.push(match &v.fields {
            Fields::Named(named) => {
                let names: Vec<_> = named.named.iter().map(|f| &f.ident).collect();
                quote! { #mirror::#ident { #(#names),* } => #name::#ident { #(#names),* } }
            }
            Fields::Unnamed(unnamed) => {
                let names: Vec<_> = (0..unnamed.unnamed.len())
                    .map(|i| format_ident!("__f{}", i))
                    .collect();
                quote! { #mirror::#ident ( #(#names),* ) => #name::#ident ( #(#names),* ) }
            }
            Fields::Unit => quote! { #mirror::#ident => #name::#ident },
        });
    }

    let generics = &input.generics;
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    // Type parameters without their defaults, each bound to be read from any file.
    let mut impl_params = Vec::new();
    let mut plain_params = Vec::new();
    for param in &generics.params {
        match param {
            GenericParam::Type(t) => {
                let ident = &t.ident;
                let bounds = &t.bounds;
                let colon = t.colon_token;
                impl_params.push(quote! { #ident #colon #bounds });
                plain_params.push(quote! { #ident });
            }
            GenericParam::Const(c) => {
                let ident = &c.ident;
                let ty = &c.ty;
                impl_params.push(quote! { const #ident: #ty });
                plain_params.push(quote! { #ident });
            }
            GenericParam::Lifetime(_) => {}
        }
    }
    let owned_bounds: Vec<_> = generics
        .type_params()
        .map(|t| {
            let ident = &t.ident;
            quote! { #ident: ::serde::de::DeserializeOwned }
        })
        .collect();
    let extra_where = match where_clause {
        Some(w) => {
            let preds = &w.predicates;
            quote! { where #preds, #(#owned_bounds,)* }
        }
        None => quote! { where #(#owned_bounds,)* },
    };
    let expecting = format!("internally tagged enum {name}");
    let container = if kept.is_empty() {
        quote! {}
    } else {
        quote! { #[serde(#(#kept),*)] }
    };

    Ok(quote! {
        const _: () = {
            #[derive(::serde::Deserialize)]
            #container
            #[allow(non_camel_case_types, clippy::large_enum_variant)]
            enum #mirror #generics #where_clause {
                #(#variants),*
            }

            impl<#(#impl_params),*> ::core::convert::From<#mirror<#(#plain_params),*>>
                for #name #ty_generics #where_clause
            {
                fn from(m: #mirror<#(#plain_params),*>) -> Self {
                    match m {
                        #(#arms),*
                    }
                }
            }

            impl<'de, #(#impl_params),*> ::serde::Deserialize<'de> for #name #ty_generics
            #extra_where
            {
                fn deserialize<__D>(deserializer: __D) -> ::core::result::Result<Self, __D::Error>
                where
                    __D: ::serde::Deserializer<'de>,
                {
                    ::serde::Deserializer::deserialize_any(
                        deserializer,
                        ::worlds_engine::tagged::TaggedVisitor::<Self, #mirror<#(#plain_params),*>>::new(
                            #tag,
                            #expecting,
                        ),
                    )
                }
            }

            impl<#(#impl_params),*> ::worlds_engine::tagged::AfterTag for #name #ty_generics
            #extra_where
            {
                fn after_tag<'de, __A>(map: __A) -> ::core::result::Result<Self, __A::Error>
                where
                    __A: ::serde::de::MapAccess<'de>,
                {
                    ::worlds_engine::tagged::after_tag::<Self, #mirror<#(#plain_params),*>, __A>(map)
                }
            }
        };
    })
}
